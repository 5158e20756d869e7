import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyOfConfig, logoDataUrl } from '../../../server/documents/branding';
import { tenantConfigSchema } from '../../../server/services/config/tenant-config';
import acme from '../../../config/tenants/acme.json';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('the logo a document prints', () => {
  it('takes a data URL as it is and a PNG of the config folder, never a remote URL or a path outside', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'branding-'));
    await writeFile(join(dir, 'logo.png'), Buffer.from(PNG, 'base64'));
    expect(logoDataUrl(dir, `data:image/png;base64,${PNG}`)).toBe(`data:image/png;base64,${PNG}`);
    expect(logoDataUrl(dir, 'logo.png')).toBe(`data:image/png;base64,${PNG}`);
    expect(logoDataUrl(dir, 'https://example.com/logo.png')).toBeUndefined();
    expect(logoDataUrl(dir, '../logo.png')).toBeUndefined();
    expect(logoDataUrl(dir, 'missing.png')).toBeUndefined();
    expect(logoDataUrl(dir, 'data:text/html;base64,PGI+')).toBeUndefined();
    const company = companyOfConfig(dir, { brand: { name: 'X', logoUrl: 'logo.png' } }, 'App');
    expect(company).toEqual({ legalName: 'X', logo: `data:image/png;base64,${PNG}` });
  });
});

describe("the company's bank in the tenant config", () => {
  it('accepts a valid IBAN (grouped or not) and refuses a wrong check digit', () => {
    const withBank = (iban: string) =>
      tenantConfigSchema.safeParse({ ...acme, company: { ...acme.company, bank: { name: 'Banca', iban } } });
    const ok = withBank('IT60 X054 2811 1010 0000 0123 456');
    expect(ok.success).toBe(true);
    expect(ok.data?.company?.bank?.iban).toBe('IT60X0542811101000000123456');
    const bad = withBank('IT61X0542811101000000123456');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['company', 'bank', 'iban']);
  });
});
