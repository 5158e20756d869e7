import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { sdiReceipt } from '../fixtures/sdi-receipts';
import { openAs } from './platform-support';

// Issue 14's SdI walk (docs/domain.md#sdi-round-trip, docs/spa.md#sdi), on a phone: an invoice to a public
// administration is issued, its XML downloaded and sent, a wrong receipt refused in the dialog naming its
// file, the right RC imported, and the invoice reads "Consegnata" with the receipt in its history.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());

test('issue an invoice to a PA, download its XML, send it, import an RC receipt, see "Consegnata"', async ({
  browser,
  request,
}) => {
  const page = await browser.newPage({ acceptDownloads: true, viewport: { width: 390, height: 844 } });
  const token = await openAs(page, request, 'admin', '/');
  const headers = { Authorization: `Bearer ${token.AccessToken}` };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: Record<string, string> }).data;
  };
  const legalName = `Comune di Prova ${Date.now()}`;
  const customer = await post('/sales/api/customers', {
    kind: 'publicAdministration',
    legalName,
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: 'UFABCD',
    vatRegime: 'splitPayment',
    cig: 'Z1A2B3C4D5',
    billingAddress: { street: 'Piazza Municipio', streetNumber: '1', zip: '20121', city: 'Milano', province: 'MI' },
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
      { description: 'Manutenzione impianto di climatizzazione', quantity: '1', unitPrice: '800', vatRate: '22' },
    ],
  });

  const confirm = async (action: string) => {
    await page.locator(`[data-action="${action}"]`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toHaveCount(0);
  };
  const status = page.getByTestId('sdi-status');

  // Issued: it has an electronic invoice, not sent yet.
  await page.goto(`/#/sales/invoices/${draft.id}/show`);
  await confirm('issue');
  await expect(status).toHaveText('Non inviata');

  // Its XML, downloaded from the page under the transmission's name: a FatturaPA for a PA (FPA12).
  const download = page.waitForEvent('download');
  await page.locator('[data-action="fatturapa"]').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^IT\d{11}_[0-9A-Z]{5}\.xml$/);
  const xml = await readFile((await file.path())!, 'utf8');
  expect(xml).toContain('FPA12');
  expect(xml).toContain('<CodiceDestinatario>UFABCD</CodiceDestinatario>');

  // Sent to the SdI through the channel.
  await confirm('sendToSdi');
  await expect(status).toHaveText('Inviata');

  // A receipt of another file is refused in the dialog, naming the file.
  const folder = await mkdtemp(join(tmpdir(), 'sdi-walk-'));
  const wrong = join(folder, 'IT01234567897_ZZZZZ_RC_001.xml');
  await writeFile(wrong, sdiReceipt('RC', { fileName: 'IT01234567897_ZZZZZ.xml' }));
  await page.locator('[data-action="importReceipt"]').click();
  const dialog = page.getByRole('dialog', { name: 'Importa una ricevuta SdI' });
  await dialog.getByTestId('sdi-receipt-file').setInputFiles(wrong);
  await dialog.getByRole('button', { name: 'Importa' }).click();
  await expect(dialog.getByRole('alert')).toContainText('IT01234567897_ZZZZZ.xml');

  // The RC of its own file: delivered.
  const fileName = file.suggestedFilename();
  const rc = join(folder, fileName.replace(/\.xml$/, '_RC_001.xml'));
  await writeFile(rc, sdiReceipt('RC', { fileName, sdiIdentifier: '123456789' }));
  await dialog.getByTestId('sdi-receipt-file').setInputFiles(rc);
  await dialog.getByRole('button', { name: 'Importa' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(status).toHaveText('Consegnata');
  const history = page.getByTestId('sdi-history');
  await expect(history.getByText('RC – Ricevuta di consegna')).toBeVisible();
  await expect(history.getByText('Invio', { exact: true })).toBeVisible();
  await expect(history.getByText(/SdI 123456789/)).toBeVisible();

  // Nothing of the page scrolls sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.close();
});

test('a rejected invoice shows its codes, opens to be corrected without Delete, and is sent again', async ({
  browser,
  request,
}) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const token = await openAs(page, request, 'admin', '/');
  const headers = { Authorization: `Bearer ${token.AccessToken}` };
  const call = async (url: string, data: unknown, status = 200) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return ((await res.json()) as { data: Record<string, string> & { version: number } }).data;
  };
  const customer = await call(
    '/sales/api/customers',
    {
      kind: 'company',
      legalName: 'Rossi Impianti S.r.l.',
      vatCountry: 'IT',
      vatNumber: '00743110157',
      taxCode: '00743110157',
      sdiCode: '0000000',
      pecEmail: 'rossi@pec.example.it',
      vatRegime: 'standard',
      billingAddress: { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' },
    },
    201,
  );
  const series = await request.get(
    '/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice',
    { headers },
  );
  const seriesId = ((await series.json()) as { data: { id: string }[] }).data[0].id;
  const draft = await call(
    '/sales/api/invoices',
    {
      documentType: 'TD01',
      paymentConditions: 'TP02',
      customerId: customer.id,
      seriesId,
      date: today(),
      lines: [{ description: 'Sostituzione compressore', quantity: '1', unitPrice: '450', vatRate: '22' }],
    },
    201,
  );
  const issued = await call(`/sales/api/invoices/${draft.id}/actions/issue`, { version: draft.version });
  const sent = await call(`/sales/api/invoices/${draft.id}/actions/sendToSdi`, { version: issued.version });
  const ns = sdiReceipt('NS', {
    fileName: sent.sdiFileName,
    errors: [{ code: '00305', description: 'IdFiscaleIVA del cessionario non valido', hint: 'Verificare la P.IVA' }],
  });
  const res = await request.post('/sales/api/sdi/receipts', {
    headers: { ...headers, 'content-type': 'application/xml' },
    data: ns,
  });
  expect(res.status(), await res.text()).toBe(201);

  // A rejected invoice opens in its form, to be corrected: Save, no Delete; its codes in the history.
  await page.goto(`/#/sales/invoices/${draft.id}`);
  await expect(page.getByTestId('sdi-status')).toHaveText('Scartata');
  const history = page.getByTestId('sdi-history');
  await expect(history.getByText('00305')).toBeVisible();
  await expect(history.getByText(/IdFiscaleIVA del cessionario non valido — Verificare la P\.IVA/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Elimina' })).toHaveCount(0);

  // Sent again: a new transmission, the invoice reads "Inviata".
  await page.locator('[data-action="resendToSdi"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('sdi-status')).toHaveText('Inviata');
  await expect(history.locator('[data-kind="send"]')).toHaveCount(2);
  await page.close();
});
