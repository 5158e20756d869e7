import { expect as baseExpect, test } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

// A quote's life on screen (docs/domain.md#quotes-and-proformas): send, accept, convert to an invoice,
// which the SPA then opens (the action's `opens`).

const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };
const year = new Date().getFullYear();

test('send → accept → convert to invoice lands on the invoice draft', async ({ page, request }) => {
  const { AccessToken } = await tokenFor(request, 'admin');
  const headers = { Authorization: `Bearer ${AccessToken}` };
  const create = async (url: string, data: Record<string, unknown>) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: Record<string, string> }).data;
  };
  const customer = await create('/sales/api/customers', {
    kind: 'company',
    legalName: 'Hotel Panorama E2E S.r.l.',
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: milan,
    email: 'acquisti@panorama.example',
  });
  const quote = await create('/sales/api/quotes', {
    date: `${year}-01-02`,
    validUntil: `${year + 1}-01-31`,
    customerId: customer.id,
    subject: 'Impianto hall',
    lines: [{ description: 'Split 12000 BTU', quantity: '2', unitPrice: '850', vatRate: '22' }],
  });

  await openAs(page, request, 'admin', `/sales/quotes/${quote.id}`);
  const run = async (action: string) => {
    await page.locator(`[data-action="${action}"]`).click();
    return page.getByRole('dialog');
  };
  const confirm = async (dialog: ReturnType<typeof page.getByRole>) => {
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toHaveCount(0);
  };

  await confirm(await run('send'));
  await expect(page.locator('[data-action="accept"]')).toBeVisible();
  const accept = await run('accept');
  await accept.getByLabel('Accettato da').fill('Sig.ra Verdi');
  await confirm(accept);
  await confirm(await run('convertToInvoice'));

  await expect(page).toHaveURL(/#\/sales\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = page.url().split('/').pop()!;
  const res = await request.get(`/sales/api/invoices/${invoiceId}`, { headers });
  const invoice = ((await res.json()) as { data: Record<string, unknown> }).data;
  expect(invoice).toMatchObject({
    status: 'draft',
    quoteId: quote.id,
    customerId: customer.id,
    totalDocument: '2074.00',
  });
  await expect(page.getByText('Hotel Panorama E2E S.r.l.').first()).toBeVisible();
});
