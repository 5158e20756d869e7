import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { openAs, tokenFor } from './platform-support';

// "Esportazioni per il commercialista" (docs/spa.md#exports-for-the-accountant): the period's register and zip.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());

/** An invoice issued today through the API, so this month's exports hold it. */
async function issuedToday(request: APIRequestContext): Promise<Record<string, string>> {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const post = async (path: string, data: unknown, status = 201) => {
    const res = await request.post(`/sales/api/${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return ((await res.json()) as { data: Record<string, string> & { version: number } }).data;
  };
  const customer = await post('customers', {
    kind: 'company',
    legalName: `Commercialista Test ${Date.now()} S.r.l.`,
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    pecEmail: 'test@pec.example.it',
    vatRegime: 'standard',
    billingAddress: { street: 'Via Roma', streetNumber: '1', zip: '20121', city: 'Milano', province: 'MI' },
  });
  const series = await request.get(
    '/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice',
    { headers },
  );
  const draft = await post('invoices', {
    documentType: 'TD01',
    paymentConditions: 'TP02',
    seriesId: ((await series.json()) as { data: { id: string }[] }).data[0].id,
    date: today(),
    customerId: customer.id,
    lines: [{ description: 'Manutenzione', quantity: '1', unitPrice: '100', vatRate: '22' }],
  });
  return post(`invoices/${draft.id}/actions/issue`, { version: draft.version }, 200);
}

test('the admin downloads this month’s VAT register (XLSX) and XML zip', async ({ browser, request }) => {
  const invoice = await issuedToday(request);
  const page = await browser.newPage({ acceptDownloads: true });
  await openAs(page, request, 'admin', '/sales/accountant');
  await expect(page.getByRole('heading', { level: 2, name: 'Esportazioni per il commercialista' })).toBeVisible();
  await page.getByTestId('accountant-preset').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Questo mese' }).click();
  const from = `${today().slice(0, 8)}01`;
  await expect(page.locator('input[name="from"]')).toHaveValue(from);
  const to = await page.locator('input[name="to"]').inputValue();

  const xlsxDownload = page.waitForEvent('download');
  await page.locator('[data-action="accountant-xlsx"]').click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`registro-iva-vendite_${from}_${to}.xlsx`);
  const [sheet] = await readXlsxFile((await xlsx.path())!);
  expect(sheet.data[0][0]).toBe('Sezionale');
  expect(sheet.data.map((row) => row[1])).toContain(invoice.fullNumber);

  const zipDownload = page.waitForEvent('download');
  await page.locator('[data-action="accountant-zip"]').click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toBe(`fatture_${from}_${to}.zip`);
  const files = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
  expect(Object.keys(files)).toContain('manifest.csv');
  expect(Object.keys(files).some((name) => /^IT\d{11}_[0-9A-Z]{5}\.xml$/.test(name))).toBe(true);
  await page.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a period longer than a year is refused with the service’s reason; the screen fits a phone, accessibly', async ({
    page,
    request,
  }) => {
    await openAs(page, request, 'admin', '/sales/accountant');
    await page.locator('input[name="from"]').fill('2024-01-01');
    await page.locator('input[name="to"]').fill('2025-06-30');
    await expect(page.getByTestId('accountant-preset')).toContainText('Personalizzato');
    await page.locator('[data-action="accountant-csv"]').click();
    await expect(page.getByRole('alert')).toContainText('al massimo 366 giorni');
    // Every button on screen, nothing wider than the phone.
    for (const kind of ['zip', 'xlsx', 'csv'])
      await expect(page.locator(`[data-action="accountant-${kind}"]`)).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // No serious or critical accessibility violation, the alert on screen (docs/spa.md#accessibility).
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')).map((v) => v.id)).toEqual([]);
    // A period ending before it starts is not asked for at all.
    await page.locator('input[name="to"]').fill('2023-12-31');
    await expect(page.locator('[data-action="accountant-zip"]')).toBeDisabled();
  });
});
