import type { z } from 'zod';
import { describeIssues } from '../../../resources/schema';

/** The parsed value, or the catalogue keys of the issues by path ('' for the value itself). */
export function check(schema: z.ZodType, value: unknown): { ok: unknown } | { errors: Record<string, string> } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: result.data };
  return { errors: Object.fromEntries(describeIssues(result.error.issues).map((i) => [i.path, i.key])) };
}
