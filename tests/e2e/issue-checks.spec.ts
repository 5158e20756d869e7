import { expect as baseExpect, test } from '@playwright/test';
import { openAs } from './platform-support';

// The checks before issue on screen (docs/domain.md#checks-before-issue): issuing what the SdI would reject
// tells the office what to fix, the customer's and each line's; once fixed it issues, and the invoice shows the
// customer's data as frozen on issue (docs/domain.md#customer-snapshot).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());

test('issuing what the SdI would reject names what to fix; fixed, it issues with the customer frozen', async ({
  page,
  request,
}) => {
  const token = await openAs(page, request, 'admin', '/');
  const headers = { Authorization: `Bearer ${token.AccessToken}` };
  const post = async (url: string, data: unknown, status = 201) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return ((await res.json()) as { data: Record<string, string> & { version: number } }).data;
  };
  const legalName = `Kältetechnik ${Date.now()} GmbH`;
  const customer = await post('/sales/api/customers', {
    kind: 'foreign',
    legalName,
    vatCountry: 'DE',
    sdiCode: 'XXXXXXX',
    vatRegime: 'standard',
    billingAddress: { street: 'Hauptstrasse', streetNumber: '5', zip: '80331', city: 'München', country: 'DE' },
  });
  const series = await request.get(
    '/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice',
    { headers },
  );
  const seriesId = ((await series.json()) as { data: { id: string }[] }).data[0].id;
  const draft = await post('/sales/api/invoices', {
    documentType: 'TD01',
    paymentConditions: 'TP02',
    customerId: customer.id,
    seriesId,
    date: today(),
    lines: [
      { description: 'Installazione gruppo frigo', quantity: '1', unitPrice: '900', vatRate: '0', vatNature: 'N6.7' },
    ],
  });

  await page.goto(`/#/sales/invoices/${draft.id}/show`);
  await page.locator('[data-action="issue"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  // The toast sits behind the modal dialog: found by its text.
  await expect(page.getByText(/Il cliente non ha Partita IVA né codice fiscale/)).toBeVisible();
  await expect(
    page.getByText(/Righe 1: L'inversione contabile \(N6\.7\) richiede un cliente con Partita IVA/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  const still = await request.get(`/sales/api/invoices/${draft.id}`, { headers });
  expect(((await still.json()) as { data: Record<string, unknown> }).data).toMatchObject({
    status: 'draft',
    number: null,
  });

  // The office adds the VAT number to the customer, and the invoice issues.
  await post(`/sales/api/customers/${customer.id}`, { version: customer.version, vatNumber: '129273398' }, 200);
  await page.reload();
  await page.locator('[data-action="issue"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText("Dati del cliente all'emissione")).toBeVisible();
  await expect(page.getByText('129273398').first()).toBeVisible();
});
