import type { TestProject } from 'vitest/node';
import { buildTemplates, removeTemplates } from './databases';

/**
 * Once per run of the API project: the migrated and the seeded database every test server copies
 * (databases.ts), so ~100 files do not each migrate and seed their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates = await buildTemplates(process.env.DATABASE_URL);
  project.provide('databaseTemplates', templates);
  return () => removeTemplates(templates);
}
