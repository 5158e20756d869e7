import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { openAs, pageTitle, tokenFor } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

// Invoices read like invoices (docs/spa.md#record-names, docs/spa.md#locked-records): an issued one is named
// by number and customer, offers no Edit, and its form's URL shows its page; a credit note made from it
// opens at once, its related-invoice picker offering only the issued invoices of its customer.

const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };
type Doc = Record<string, string> & { id: string };

function salesApi(request: APIRequestContext, headers: Record<string, string>) {
  const api = {
    async create(url: string, data: Record<string, unknown>): Promise<Doc> {
      const res = await request.post(`/sales/api/${url}`, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: Doc }).data;
    },
    async issue(invoice: Doc): Promise<Doc> {
      const res = await request.post(`/sales/api/invoices/${invoice.id}/actions/issue`, {
        headers,
        data: { version: invoice.version },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: Doc }).data;
    },
    customer: (legalName: string) =>
      api.create('customers', {
        kind: 'company',
        legalName,
        vatCountry: 'IT',
        vatNumber: '00743110157',
        taxCode: '00743110157',
        sdiCode: '0000000',
        vatRegime: 'standard',
        billingAddress: milan,
      }),
    draft: (customerId: string, seriesId: string) =>
      api.create('invoices', {
        documentType: 'TD01',
        paymentConditions: 'TP02',
        customerId,
        seriesId,
        date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()),
        lines: [{ description: 'Manutenzione split', quantity: '1', unitPrice: '100', vatRate: '22' }],
      }),
  };
  return api;
}

test('an issued invoice: named by number and customer, locked, and its credit note opens', async ({
  page,
  request,
}) => {
  const { AccessToken } = await tokenFor(request, 'admin');
  const headers = { Authorization: `Bearer ${AccessToken}` };
  const api = salesApi(request, headers);
  const series = await request.get(
    '/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice',
    { headers },
  );
  const seriesId = ((await series.json()) as { data: Doc[] }).data[0].id;
  const rossi = await api.customer('Rossi Presentazione S.r.l.');
  const bianchi = await api.customer('Bianchi Presentazione S.r.l.');
  const issued = await api.issue(await api.draft(rossi.id, seriesId));
  const other = await api.issue(await api.draft(rossi.id, seriesId));
  const foreign = await api.issue(await api.draft(bianchi.id, seriesId));
  await api.draft(rossi.id, seriesId);

  // The issued invoice's page: "Fattura FT/… · Rossi …", no Edit button.
  await openAs(page, request, 'admin', `/sales/invoices/${issued.id}/show`);
  await expect(pageTitle(page)).toContainText(`${issued.fullNumber} · Rossi Presentazione S.r.l.`);
  await expect(page.locator('[data-action="creditNote"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Modifica' })).toHaveCount(0);

  // Its form's URL lands on its page.
  await page.goto(`/#/sales/invoices/${issued.id}`);
  await expect(page).toHaveURL(new RegExp(`#/sales/invoices/${issued.id}/show$`));
  await expect(pageTitle(page)).toContainText(String(issued.fullNumber));

  // The credit note action opens the new draft credit note's form.
  await page.locator('[data-action="creditNote"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/sales\/invoices\/[0-9a-f-]{36}$/);
  const noteId = page.url().split('/').pop()!;
  expect(noteId).not.toBe(issued.id);
  await expect(pageTitle(page)).toContainText('Bozza del');

  // Its related-invoice picker offers the issued invoices of Rossi only: no draft, no other customer's.
  const picker = page.getByRole('combobox', { name: 'Fatture collegate' });
  await expect(page.getByRole('button', { name: new RegExp(String(issued.fullNumber)) }).first()).toBeVisible();
  await picker.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.filter({ hasText: String(other.fullNumber) })).toHaveCount(1);
  await expect(options.filter({ hasText: String(foreign.fullNumber) })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Bozza' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Bianchi' })).toHaveCount(0);
});
