import { expect as baseExpect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { it as catalogue } from '../../i18n/it';
import { ROUTES, type RouteEntry } from '../../src/app/routes';
import { openAs, pageTitle, tokenFor } from './platform-support';

// Every module's screens (issue 5): an administrator opens every admin route (docs/spa.md#route-table) and
// creates, edits and deletes a record in one entity per module; a technician sees only their own
// activities and is refused every admin-only route.

const expect = baseExpect.configure({ timeout: 15_000 });
const DENIED = 'Accesso negato';

/** A catalogue text by its dotted key (resource names keep their slashes). */
function text(key: string): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no Italian text for ${key}`);
  return node;
}
const plural = (resource: string) => text(`resources.${resource}.name`).split('||||').pop()!.trim();
const singular = (resource: string) => text(`resources.${resource}.name`).split('||||')[0].trim();

/** The route table's list screens, with the title each must show. */
function listScreens(middleware: 'is-admin' | 'is-technician'): { path: string; title: string }[] {
  return ROUTES.filter(
    (r: RouteEntry) => r.middleware.includes(middleware) && 'resource' in r.target && r.target.view === 'list',
  ).map((r) => ({
    path: r.path,
    title: r.menu?.label ? text(r.menu.label) : plural((r.target as { resource: string }).resource),
  }));
}

async function expectScreen(page: Page, path: string, title: string) {
  await page.goto(`/#${path}`);
  await expect(pageTitle(page), path).toHaveText(title);
  await expect(page.getByText(DENIED), path).toHaveCount(0);
  // The list answered: rows, or the empty state, but never an error view.
  await expect(page.locator('table, .RaEmpty-message, .RaList-noResults').first(), path).toBeVisible();
}

test('an administrator opens every admin route of every module', async ({ page, request }) => {
  test.setTimeout(180_000);
  const screens = listScreens('is-admin');
  expect(screens.length).toBeGreaterThan(20);
  await openAs(page, request, 'admin', '/');
  for (const { path, title } of screens) await expectScreen(page, path, title);
  // Creation of an activity has its own path.
  await page.goto('/#/wfm/activities/new');
  await expect(pageTitle(page)).toContainText(singular('wfm/activities'));
});

/** Creates a record from the list's create button, finds it, edits a field, deletes it. */
async function crud(page: Page, resource: string, fill: () => Promise<void>, name: string, edit: () => Promise<void>) {
  await page.goto(`/#/${resource}`);
  await page.getByRole('link', { name: 'Crea' }).click();
  // The form has replaced the list (whose column chooser holds switches named like the inputs).
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await fill();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento creato')).toBeVisible();

  await search(page, resource, name);
  await page.getByRole('row').filter({ hasText: name }).click();
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await edit();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato')).toBeVisible();

  await search(page, resource, name);
  await page.getByRole('row').filter({ hasText: name }).click();
  await page.getByRole('button', { name: 'Elimina' }).click();
  // react-admin asks first when the definition's delete is not undoable.
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Conferma' });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(page.getByText('Elemento eliminato')).toBeVisible();
  await page.goto(`/#/${resource}`);
  await page.getByLabel('Cerca').fill(name);
  await expect(page.getByText('Nessun risultato').first()).toBeVisible();
}

/**
 * Searches the list and waits until the search has applied (the header and one row), so a click does
 * not race the search's debounce, which would take the page back to the list.
 */
async function search(page: Page, resource: string, name: string) {
  await page.goto(`/#/${resource}`);
  await page.getByLabel('Cerca').fill(name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(name);
}

test('an administrator creates, edits and deletes a record in each module', async ({ page, request }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  await openAs(page, request, 'admin', '/');

  // Warehouse.
  const maker = `Costruttore ${suffix}`;
  await crud(
    page,
    'wh/manufacturers',
    () => page.getByLabel('Nome', { exact: true }).fill(maker),
    maker,
    () => page.getByLabel('Telefono assistenza', { exact: true }).fill('02 1234567'),
  );

  // Workforce.
  const skill = `Competenza ${suffix}`;
  await crud(
    page,
    'wfm/skills',
    () => page.getByLabel('Nome', { exact: true }).fill(skill),
    skill,
    () => page.getByLabel('Descrizione', { exact: true }).fill('Aggiornata dal test'),
  );

  // Sales.
  const vat = `T${suffix}`.slice(0, 20).toUpperCase();
  await crud(
    page,
    'sales/vat-rates',
    async () => {
      await page.getByLabel('Codice', { exact: true }).fill(vat);
      await page.getByLabel('Aliquota %', { exact: true }).fill('10');
    },
    vat,
    () => page.getByLabel('Descrizione', { exact: true }).fill('Aliquota di prova'),
  );

  // Ticketing: a request for a customer's site, both picked from autocomplete inputs.
  const subject = `Perdita di gas ${suffix}`;
  await crud(
    page,
    'ticketing/requests',
    async () => {
      await pickFirst(page, 'Cliente');
      await pickFirst(page, 'Sede impianto');
      await page.getByLabel('Oggetto', { exact: true }).fill(subject);
      // Who reported it: a contact, a name or a phone (the definition's rule, checked in the form too).
      await page.getByLabel('Segnalata da', { exact: true }).fill('Mario Rossi');
      await page.getByLabel('Canale').click();
      await page.getByRole('option', { name: 'Telefono' }).click();
      await page.getByLabel('Tipo', { exact: true }).click();
      await page.getByRole('option', { name: 'Guasto' }).click();
    },
    subject,
    () => page.getByLabel('Descrizione', { exact: true }).fill('Il cliente segnala un calo di resa'),
  );
});

test('a warehouse lists its locations and creates one tied to it (a custom view)', async ({ page, request }) => {
  const code = `T-${Date.now().toString(36)}`.toUpperCase();
  await openAs(page, request, 'admin', '/wh/warehouses');
  await page.locator('tbody tr').first().click();
  await expect(page).toHaveURL(/#\/wh\/warehouses\/[0-9a-f-]{36}$/);
  const warehouseUrl = page.url();
  const locations = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Ubicazioni' }) });
  await expect(locations).toBeVisible();
  await locations.getByRole('link', { name: 'Crea' }).click();
  await expect(page).toHaveURL(/#\/wh\/warehouses\/locations\/create/);
  // The warehouse is already chosen (the input, not the menu's group of the same name).
  await expect(page.getByRole('combobox', { name: 'Magazzino', exact: true })).not.toHaveValue('');
  await page.getByLabel('Codice', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento creato')).toBeVisible();

  await page.goto(warehouseUrl);
  await expect(locations.getByRole('row').filter({ hasText: code })).toHaveCount(1);
});

test("a customer's page lists its sites and contracts, an activity's its F-gas interventions", async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const fgas = (await (await request.get('/wfm/api/fgas-activities?pageSize=1', { headers })).json()).data[0] as {
    activityId: string;
  };
  const sites = await request.get('/sales/api/sites?pageSize=1', { headers });
  const site = (await sites.json()).data[0] as { customerId: string; name: string };

  await openAs(page, request, 'admin', `/sales/customers/${site.customerId}`);
  const listed = page.getByRole('region', { name: 'Sedi' });
  await expect(listed.locator('tbody tr').filter({ hasText: site.name }).first()).toBeVisible();
  await expect(listed.getByRole('link', { name: 'Crea' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contratti' })).toBeVisible();

  await page.goto(`/#/wfm/activities/${fgas.activityId}/show`);
  await expect(page.getByRole('region', { name: 'Interventi F-gas' }).locator('tbody tr').first()).toBeVisible();
});

test('an item shows its stock per warehouse as a pie chart, a location its stock and movements', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const located = await request.get(
    '/warehouse/api/stocks?pageSize=1&filters[0][field]=locationId&filters[0][operator]=isNull&filters[0][value]=false',
    { headers },
  );
  expect(located.status(), await located.text()).toBe(200);
  const stock = (await located.json()).data[0] as { itemId: string; locationId: string };
  expect(stock).toBeDefined();

  await openAs(page, request, 'admin', `/wh/items/${stock.itemId}/show`);
  const chart = page.getByRole('region', { name: 'Giacenza per magazzino' });
  await expect(chart.getByRole('img', { name: 'Giacenza per magazzino' }).locator('path').first()).toBeVisible();
  await expect(chart.getByText('Totale')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Giacenze' }).locator('tbody tr').first()).toBeVisible();

  await page.goto(`/#/wh/warehouses/locations/${stock.locationId}`);
  await expect(page.getByRole('region', { name: 'Giacenze' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Movimenti in entrata in questa ubicazione' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Movimenti in uscita da questa ubicazione' })).toBeVisible();
});

test('a list chooses its columns and exports the filtered rows as CSV', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/sales/customers');
  const header = page.locator('thead');
  await expect(header.getByText('Tipo', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Colonne' }).click();
  await page.getByRole('menu').getByText('Tipo', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(header.getByText('Tipo', { exact: true })).toHaveCount(0);
  // The choice is kept for this list.
  await page.reload();
  await expect(pageTitle(page)).toHaveText('Clienti');
  await expect(header.getByText('Tipo', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Esporta' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV per Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Clienti.csv');
  const csv = await (await download.createReadStream()).toArray();
  const lines: string[][] = parse(Buffer.concat(csv).toString('utf8'), { delimiter: ';', bom: true });
  // The export holds the data, whatever columns the screen shows (docs/spa.md#exports).
  expect(lines[0]).toContain('Tipo');
  const total = (
    await (
      await request.get('/sales/api/customers?pageSize=1', {
        headers: { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` },
      })
    ).json()
  ).total as number;
  // Every customer, past the 100 rows one call of the services may answer.
  expect(lines.length - 1).toBe(total);
});

/** Opens an autocomplete and takes its first suggestion. */
async function pickFirst(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).click();
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  await option.click();
}

test('a technician sees only their own activities and is refused every admin-only route', async ({ page, request }) => {
  test.setTimeout(180_000);
  // The services' answer: every activity the technician can list shares one technician (them), and
  // the administrator sees more.
  const asTechnician = { Authorization: `Bearer ${(await tokenFor(request, 'tecnico')).AccessToken}` };
  const asAdmin = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const listed = await request.get('/wfm/api/activities?pageSize=100', { headers: asTechnician });
  expect(listed.status(), await listed.text()).toBe(200);
  const activities = (await listed.json()) as { data: { technicianIds: string[] }[]; total: number };
  expect(activities.total).toBeGreaterThan(0);
  const common = activities.data
    .map((a) => a.technicianIds)
    .reduce((shared, ids) => shared.filter((id) => ids.includes(id)));
  expect(common.length).toBe(1);
  const all = await (await request.get('/wfm/api/activities?pageSize=1', { headers: asAdmin })).json();
  expect(all.total).toBeGreaterThan(activities.total);

  // The screens: each status list opens and shows only those activities.
  await openAs(page, request, 'tecnico', '/');
  for (const { path, title } of listScreens('is-technician').filter((s) => s.path.startsWith('/wfm/activities/'))) {
    await expectScreen(page, path, title);
  }
  // The assigned list holds exactly the technician's assigned activities.
  const assigned = await request.get(
    '/wfm/api/activities?pageSize=100&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=assigned',
    { headers: asTechnician },
  );
  const own = ((await assigned.json()) as { data: { number: string }[] }).data.map((a) => a.number);
  await page.goto('/#/wfm/activities/assigned');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const content = await row.textContent();
    expect(
      own.some((number) => content?.includes(number)),
      content ?? '',
    ).toBe(true);
  }

  for (const { path } of listScreens('is-admin')) {
    await page.goto(`/#${path}`);
    await expect(page.getByText(DENIED).first(), path).toBeVisible();
  }
});
