import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { openAs } from './platform-support';

// Issue 13's walk through the office's billing, as one person does it in the browser
// (docs/domain.md#quotes-and-proformas, #invoices, #due-dates-and-payments): a sent quote is accepted and
// converted, the invoice issued with its number, its PDF opened, a payment recorded, the Scadenzario updated.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());

test('accept a quote, convert it, issue the invoice, open its PDF, record a payment, see the Scadenzario', async ({
  browser,
  request,
}) => {
  const page = await browser.newPage({ acceptDownloads: true });
  const token = await openAs(page, request, 'admin', '/');
  const headers = { Authorization: `Bearer ${token.AccessToken}` };
  const post = async (url: string, data: unknown, status = 201) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return ((await res.json()) as { data: Record<string, string> & { version: number } }).data;
  };
  // The customer heads the Scadenzario's first page: it owes more than any demo customer.
  const legalName = `Centro Commerciale ${Date.now()} S.p.A.`;
  const customer = await post('/sales/api/customers', {
    kind: 'company',
    legalName,
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' },
    email: 'amministrazione@centro.example',
  });
  const draft = await post('/sales/api/quotes', {
    date: today(),
    validUntil: `${new Date().getFullYear() + 1}-12-31`,
    customerId: customer.id,
    subject: 'Centrale frigorifera',
    lines: [{ description: 'Centrale frigorifera CO2', quantity: '1', unitPrice: '1500000', vatRate: '22' }],
  });
  await post(`/sales/api/quotes/${draft.id}/actions/send`, { version: draft.version }, 200);

  const confirm = async (action: string) => {
    await page.locator(`[data-action="${action}"]`).click();
    const dialog = page.getByRole('dialog');
    if (action === 'accept') await dialog.getByLabel('Accettato da').fill('Ing. Neri');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toHaveCount(0);
  };

  // The sent quote: accepted, then converted; the SPA lands on the new invoice.
  await page.goto(`/#/sales/quotes/${draft.id}/show`);
  await confirm('accept');
  await expect(page.locator('[data-action="convertToInvoice"]')).toBeVisible();
  await confirm('convertToInvoice');
  await expect(page).toHaveURL(/#\/sales\/invoices\/[0-9a-f-]{36}/);
  const invoiceId = /invoices\/([0-9a-f-]{36})/.exec(page.url())![1];

  // Issued: it takes its number, and its title reads "FT/… · customer".
  await page.goto(`/#/sales/invoices/${invoiceId}/show`);
  await expect(page.getByText('Bozza del').first()).toBeVisible();
  await confirm('issue');
  const issued = await request.get(`/sales/api/invoices/${invoiceId}`, { headers });
  const invoice = ((await issued.json()) as { data: Record<string, string> }).data;
  expect(invoice).toMatchObject({ status: 'issued', quoteId: draft.id, totalDocument: '1830000.00' });
  expect(invoice.fullNumber).toMatch(/\d/);
  await expect(page.getByText(`${invoice.fullNumber} · ${legalName}`).first()).toBeVisible();

  // Its PDF: a real PDF, downloaded from the page.
  const answer = page.waitForResponse((res) => res.url().endsWith(`/invoices/${invoiceId}/pdf`));
  const download = page.waitForEvent('download');
  await page.locator('[data-action="pdf"]').click();
  expect((await answer).status()).toBe(200);
  const bytes = await readFile((await (await download).path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // What the Scadenzario shows for the customer before the payment: the whole invoice.
  await page.goto('/#/sales/receivables');
  const row = page.getByTestId(`receivables-customer-${customer.id}`);
  await expect(row.getByRole('link', { name: /1\.830\.000,00/ }).first()).toBeVisible();

  // A partial payment recorded from the invoice's page.
  await page.goto(`/#/sales/invoices/${invoiceId}/show`);
  await page.getByRole('button', { name: 'Registra incasso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registra incasso' });
  await dialog.getByRole('textbox', { name: 'Importo' }).fill('30000');
  await dialog.getByRole('button', { name: 'Registra' }).click();
  await expect(page.getByText('Incasso registrato')).toBeVisible();
  await expect(page.getByText('Pagata in parte').first()).toBeVisible();

  // The Scadenzario follows: the customer now owes the rest.
  await page.goto('/#/sales/receivables');
  await expect(row.getByRole('link', { name: /1\.800\.000,00/ }).first()).toBeVisible();
  await page.close();
});
