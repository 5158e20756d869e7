import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n/index';
import { dictionaryService } from '../../server/services/config/index';
import { ConfigStore } from '../../server/services/config/store';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** The dictionary routes need no database: a bare Fastify with the plugin is enough. */
async function serve(overrides: Record<string, unknown>) {
  const dir = await mkdtemp(join(tmpdir(), 'climatica-i18n-'));
  dirs.push(dir);
  await cp(resolve(import.meta.dirname, '../../config'), dir, { recursive: true });
  for (const [name, content] of Object.entries(overrides))
    await writeFile(join(dir, 'tenants', name), JSON.stringify(content));
  const app = Fastify();
  await app.register(dictionaryService, { prefix: '/i18n', store: await ConfigStore.load(dir) });
  return app;
}

describe('tenant dictionary overrides', () => {
  it('merges CONFIG_DIR/tenants/{tenant}.{locale}.json over the catalogue, for that tenant only', async () => {
    const app = await serve({
      'acme.it.json': { validation: { required: 'Campo obbligatorio per Acme' }, custom: { hello: 'Ciao' } },
    });
    const acme = (await app.inject({ url: '/i18n/acme/it.json' })).json();
    expect(acme.validation.required).toBe('Campo obbligatorio per Acme');
    expect(acme.validation.email).toBe(dictionaries.it.validation.email);
    expect(acme.custom.hello).toBe('Ciao');
    const globex = (await app.inject({ url: '/i18n/globex/it.json' })).json();
    expect(globex.validation.required).toBe(dictionaries.it.validation.required);
    expect((await app.inject({ url: '/i18n/acme/en.json' })).json().validation.required).toBe(
      dictionaries.en.validation.required,
    );
  });

  it('refuses an override that is not a tree of strings', async () => {
    await expect(serve({ 'acme.en.json': { validation: { required: 3 } } })).rejects.toThrow(/acme\.en\.json/);
  });
});
