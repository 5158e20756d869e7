import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
// Two forms filled by hand, each after its own set-up through the API.
test.describe.configure({ timeout: 120_000 });

// A line filled from the product picked on it (docs/spa.md#lines-filled-from-the-product): the price of the
// customer's list on the document date with the customer's discount, one lookup per pick, none on load, and
// what the user types afterwards kept (a later change of date or customer leaves existing lines alone).

type Row = Record<string, string>;
const year = new Date().getFullYear();
// Unique per run, so the spec also runs against a server that is not fresh.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };

/** A price list, a customer on it with a discount, a product priced on the default list and on it, its item. */
async function pricedWorld(request: APIRequestContext, tag: string) {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const create = async (url: string, data: Record<string, unknown>): Promise<Row> => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: Row }).data;
  };
  const first = async (url: string): Promise<Row> => {
    const res = await request.get(url, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: Row[] }).data[0];
  };
  const base = await first(
    '/sales/api/price-lists?filters[0][field]=isDefault&filters[0][operator]=eq&filters[0][value]=true',
  );
  const vat = await first('/sales/api/vat-rates?filters[0][field]=code&filters[0][operator]=eq&filters[0][value]=22');
  const list = await create('/sales/api/price-lists', { name: `Listino E2E righe ${tag}` });
  const customer = await create('/sales/api/customers', {
    kind: 'company',
    legalName: `Frigoriferi Listino E2E ${tag} S.r.l.`,
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: milan,
    priceListId: list.id,
    discountPercent: '7.5',
  });
  const product = await create('/sales/api/products', {
    code: `E2E-LP-${tag}`,
    name: `Valvola di prova listino E2E ${tag}`,
    type: 'goods',
    uom: 'pz',
    vatRateId: vat.id,
    prices: [
      { priceListId: base.id, unitPrice: '100.00', validFrom: `${year}-01-01` },
      { priceListId: list.id, unitPrice: '80.00', validFrom: `${year}-01-01` },
    ],
  });
  const item = await create('/warehouse/api/items', {
    sku: `E2E-LP-ITEM-${tag}`,
    name: `Valvola E2E a magazzino ${tag}`,
    uom: 'pz',
    tracking: 'none',
    productId: product.id,
  });
  const site = await create('/sales/api/sites', {
    customerId: customer.id,
    code: `E2E-LP-${tag}`,
    name: 'Sede listino E2E',
    address: milan,
  });
  return { headers, customer, product, item, site };
}

/** Counts the price lookups the page asks from now on. */
function lookups(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (req) => {
    if (req.url().includes('/sales/api/prices/lookup')) count += 1;
  });
  return { count: () => count };
}

/** A label as the form shows it: required fields carry " *". */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.%]/g, '\\$&')}( \\*)?$`);
type Scope = Page | ReturnType<Page['locator']>;
const input = (scope: Scope, label: string) => scope.getByLabel(labelled(label));
const combobox = (scope: Scope, label: string) => scope.getByRole('combobox', { name: labelled(label) });
/** The first line of the lines field `source`. */
const firstLine = (page: Page, source: string) =>
  page.locator(`.ra-input-${source} .RaSimpleFormIterator-line`).first();

/** Types `search` in the autocomplete `box` and picks the first option matching `option`. */
async function pick(page: Page, box: ReturnType<Page['locator']>, search: string, option: RegExp) {
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test("a quote's line takes the customer's list price, discount, description, unit and VAT", async ({
  page,
  request,
}) => {
  const { headers, customer } = await pricedWorld(request, `Q${run}`);
  await openAs(page, request, 'admin', '/sales/quotes/create');
  const asked = lookups(page);
  await input(page, 'Data').fill(`${year}-03-02`);
  await input(page, 'Valido fino al').fill(`${year}-04-01`);
  await pick(page, combobox(page, 'Cliente'), `Listino E2E Q${run}`, new RegExp(`Frigoriferi Listino E2E Q${run}`));
  await page.locator('.button-add-lines').click();
  const line = firstLine(page, 'lines');
  await input(line, 'Quantità').fill('2');
  await pick(page, combobox(line, 'Prodotto'), `E2E-LP-Q${run}`, new RegExp(`E2E-LP-Q${run}`));

  // The customer's list (80), not the default list's base price (100).
  await expect(input(line, 'Prezzo unitario')).toHaveValue(/^80(,0+)?$/);
  await expect(input(line, 'Descrizione')).toHaveValue(`Valvola di prova listino E2E Q${run}`);
  await expect(input(line, 'U.M.')).toHaveValue('pz');
  await expect(input(line, 'IVA %')).toHaveValue(/^22(,0+)?$/);
  await expect(input(line, 'Sconto %')).toHaveValue(/^7,5/);
  expect(asked.count()).toBe(1);

  // What the user types after the pick stays, and so does the line when the date changes: only a new pick re-prices.
  await input(line, 'Prezzo unitario').fill('75');
  await input(page, 'Data').fill(`${year}-03-09`);
  await expect(input(line, 'Prezzo unitario')).toHaveValue('75');
  expect(asked.count()).toBe(1);

  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL(/#\/sales\/quotes\/[0-9a-f-]{36}/);
  const id = /quotes\/([0-9a-f-]{36})/.exec(page.url())![1];
  const res = await request.get(`/sales/api/quotes/${id}`, { headers });
  const quote = ((await res.json()) as { data: { customerId: string; lines: Row[] } }).data;
  expect(quote.customerId).toBe(customer.id);
  expect(quote.lines[0]).toMatchObject({
    description: `Valvola di prova listino E2E Q${run}`,
    uom: 'pz',
    vatRate: '22.00',
    discountPercent: '7.50',
    lineTotal: '138.75',
  });
});

test("an activity's material: an item fills its name and unit, its product the customer's price", async ({
  page,
  request,
}) => {
  const { headers, customer, site } = await pricedWorld(request, `A${run}`);
  const created = await request.post('/wfm/api/activities', {
    headers,
    data: {
      customerId: customer.id,
      siteId: site.id,
      type: 'repair',
      priority: 'normal',
      billingMode: 'chargeable',
      title: 'Sostituzione valvola E2E',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const activity = ((await created.json()) as { data: Row }).data;

  const asked = lookups(page);
  await openAs(page, request, 'admin', `/wfm/activities/${activity.id}`);
  await expect(input(page, 'Titolo')).toHaveValue('Sostituzione valvola E2E', { timeout: 45_000 });
  await page.locator('.button-add-materials').click();
  const line = firstLine(page, 'materials');
  await pick(page, combobox(line, 'Articolo'), `E2E-LP-ITEM-A${run}`, new RegExp(`Valvola E2E a magazzino A${run}`));

  await expect(input(line, 'Prezzo unitario')).toHaveValue(/^80(,0+)?$/);
  await expect(input(line, 'Descrizione')).toHaveValue(`Valvola E2E a magazzino A${run}`);
  await expect(input(line, 'Sconto %')).toHaveValue(/^7,5/);
  await expect(combobox(line, 'Prodotto')).toHaveValue(new RegExp(`E2E-LP-A${run}`));
  // Opening the record asked nothing; the pick asked once.
  expect(asked.count()).toBe(1);
});
