import { expect as baseExpect, test } from '@playwright/test';
import { openAs } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

// The demo's invoices of each tax case (docs/domain.md#tax-cases, server/seed/sales-tax-cases.ts) show what the
// customer pays: a condominium's withholding and a public administration's split payment, net of both.

type Invoice = Record<string, string | boolean | null> & { id: string };

const euro = (amount: unknown) => `${String(amount).replace('.', ',')} €`;

test('the seeded tax cases: withholding and split payment show their net to pay', async ({ page, request }) => {
  const token = await openAs(page, request, 'admin', '/');
  const headers = { Authorization: `Bearer ${token.AccessToken}` };
  const res = await request.get(
    '/sales/api/invoices?pageSize=100&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=issued',
    { headers },
  );
  expect(res.status(), await res.text()).toBe(200);
  const invoices = ((await res.json()) as { data: Invoice[] }).data;
  const condominium = invoices.find((i) => i.withholdingReason === 'W');
  const publicBody = invoices.find((i) => i.splitPayment === true && i.cup !== null);
  expect(condominium, 'a seeded invoice with a withholding').toBeDefined();
  expect(publicBody, 'a seeded split-payment invoice with a CUP').toBeDefined();

  await page.goto(`/#/sales/invoices/${condominium!.id}/show`);
  const main = page.getByRole('main');
  await expect(main.getByText('Imposte e netto a pagare')).toBeVisible();
  await expect(main.getByText("W – Corrispettivi di contratti d'appalto", { exact: false })).toBeVisible();
  await expect(main.getByText(euro(condominium!.withholdingAmount)).first()).toBeVisible();
  await expect(main.getByText(euro(condominium!.amountPayable)).first()).toBeVisible();

  await page.goto(`/#/sales/invoices/${publicBody!.id}/show`);
  await expect(main.getByText(String(publicBody!.cup))).toBeVisible();
  await expect(main.getByText(euro(publicBody!.totalDocument)).first()).toBeVisible();
  await expect(main.getByText(euro(publicBody!.amountPayable)).first()).toBeVisible();
});

// An issued invoice's page holds wide tables (its lines, the customer frozen on issue in 13 columns): they
// scroll inside, the page never sideways, on a desktop or a phone (docs/spa.md#phone-layout).
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an issued invoice's page fits ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const token = await openAs(page, request, 'admin', '/');
    const headers = { Authorization: `Bearer ${token.AccessToken}` };
    const res = await request.get(
      '/sales/api/invoices?pageSize=100&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=issued',
      { headers },
    );
    const invoice = ((await res.json()) as { data: Invoice[] }).data.find((i) => i.splitPayment === true);
    expect(invoice, 'a seeded split-payment invoice').toBeDefined();
    await page.goto(`/#/sales/invoices/${invoice!.id}/show`);
    const main = page.getByRole('main');
    await expect(main.getByText("Dati del cliente all'emissione")).toBeVisible();
    await expect(main.getByText('Pubblica amministrazione')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
