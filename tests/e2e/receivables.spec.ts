import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';

// The Scadenzario (docs/spa.md#receivables). Several screens and saves per test: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

type Row = Record<string, unknown> & { id: string; version: number };

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());

/**
 * The administrator's API, for the set-up: a customer without payment terms (so its invoice falls due on its
 * date, today: not due yet) owing more than any demo customer, so it heads the Scadenzario's first page.
 * 900 000.00 + 22% VAT = 1 098 000.00.
 */
async function issuedInvoice(request: APIRequestContext): Promise<{ invoice: Row; customer: Row }> {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const post = async (url: string, data: unknown, status = 201): Promise<Row> => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()).data as Row;
  };
  const customer = await post('/sales/api/customers', {
    kind: 'company',
    legalName: `Grande Debitore ${Date.now()} S.p.A.`,
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' },
  });
  const series = await request.get(
    '/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice',
    { headers },
  );
  const draft = await post('/sales/api/invoices', {
    documentType: 'TD01',
    paymentConditions: 'TP02',
    seriesId: ((await series.json()).data as Row[])[0].id,
    date: today(),
    customerId: customer.id,
    lines: [{ description: 'Impianto completo', quantity: '1', unitPrice: '900000', vatRate: '22' }],
  });
  const invoice = await post(`/sales/api/invoices/${draft.id}/actions/issue`, { version: draft.version }, 200);
  return { invoice, customer };
}

test('the Scadenzario: totals, a bucket opening its instalments, a payment recorded from the invoice', async ({
  page,
  request,
}) => {
  const { invoice, customer } = await issuedInvoice(request);
  await openAs(page, request, 'admin', '/sales/receivables');
  await expect(page.getByRole('heading', { level: 2, name: 'Scadenzario' })).toBeVisible();
  const total = page.getByTestId('receivables-total-total');
  await expect(total).toContainText('€');
  const totalBefore = await total.textContent();
  const row = page.getByTestId(`receivables-customer-${customer.id}`);
  await expect(row).toContainText(String(customer.legalName));
  await expect(row.getByRole('link', { name: /1\.098\.000,00/ }).first()).toBeVisible();

  // Not due: the customer's instalment due today, and nothing else.
  await row
    .getByRole('link', { name: /1\.098\.000,00/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/sales\/instalments\?filter=/);
  await expect(page.getByText(String(invoice.fullNumber)).first()).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);

  // The invoice's page: its paid amount and payment status move with the payment.
  await page.goto(`/#/sales/invoices/${invoice.id}/show`);
  await expect(page.getByText('Da pagare').first()).toBeVisible();
  await page.getByRole('button', { name: 'Registra incasso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registra incasso' });
  await expect(dialog.getByRole('textbox', { name: 'Fattura' })).toHaveValue(new RegExp(String(invoice.fullNumber)));
  const amount = dialog.getByRole('textbox', { name: 'Importo' });
  await expect(amount).toHaveValue(/1\.?098\.?000/);

  // More than is owed: the service's 409 stays in the dialog, naming the amount.
  await amount.fill('2000000');
  await dialog.getByRole('button', { name: 'Registra' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Importo');
  await expect(dialog.getByRole('alert')).toContainText('residuo');

  await amount.fill('1000');
  await dialog.getByRole('button', { name: 'Registra' }).click();
  await expect(page.getByText('Incasso registrato')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Pagata in parte').first()).toBeVisible();
  await expect(page.getByText(/^1\.?000,00\s€$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registra incasso' })).toBeVisible();

  await page.goto('/#/sales/receivables');
  await expect(row.getByRole('link', { name: /1\.097\.000,00/ }).first()).toBeVisible();
  await expect(total).not.toHaveText(String(totalBefore));
});

test.describe('the Scadenzario on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the customers as cards and never scrolls sideways', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/sales/receivables');
    await expect(page.getByTestId('receivables-total-total')).toContainText('€');
    await expect(page.locator('[data-testid^="receivables-customer-"]').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
