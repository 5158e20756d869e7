import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openAs } from './platform-support';

// A printed document from its page (docs/architecture.md#documents): the invoice's "Scarica PDF" button.

test('the PDF button of an invoice downloads its PDF', async ({ browser, request }) => {
  const page = await browser.newPage({ acceptDownloads: true });
  const token = await openAs(page, request, 'admin', '/');
  const headers = { Authorization: `Bearer ${token.AccessToken}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/sales/api/${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: Record<string, string> }).data;
  };
  const customer = await post('customers', {
    kind: 'company',
    legalName: 'Cliente PDF S.r.l.',
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: { street: 'Via Roma', streetNumber: '1', zip: '20121', city: 'Milano', province: 'MI' },
  });
  const series = await request.get(
    '/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice',
    { headers },
  );
  const seriesId = ((await series.json()) as { data: { id: string }[] }).data[0].id;
  const invoice = await post('invoices', {
    documentType: 'TD01',
    paymentConditions: 'TP02',
    seriesId,
    date: new Date().toISOString().slice(0, 10),
    customerId: customer.id,
    lines: [{ description: 'Manutenzione', quantity: '1', unitPrice: '100', vatRate: '22' }],
  });

  await page.goto(`/#/sales/invoices/${invoice.id}/show`);
  const answer = page.waitForResponse((res) => res.url().endsWith(`/invoices/${invoice.id}/pdf`));
  const download = page.waitForEvent('download');
  await page.locator('[data-action="pdf"]').click();
  expect((await answer).status()).toBe(200);
  const bytes = await readFile((await (await download).path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await page.close();
});
