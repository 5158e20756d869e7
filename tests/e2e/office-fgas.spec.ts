import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// The office's F-gas deadlines (docs/spa.md#module-manifests) and the fixes seen along the way.

type Row = Record<string, unknown> & { id: string };

async function adminApi(request: APIRequestContext) {
  const { AccessToken } = await tokenFor(request, 'admin');
  const headers = { Authorization: `Bearer ${AccessToken}` };
  return {
    async first(url: string): Promise<Row> {
      const res = await request.get(url, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: Row[] }).data[0];
    },
    async create(url: string, body: Record<string, unknown>): Promise<Row> {
      const res = await request.post(url, { headers, data: body });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: Row }).data;
    },
  };
}

test('the dashboard’s F-gas card counts overdue checks and opens the filtered, marked list', async ({
  page,
  request,
}) => {
  await openAs(page, request, 'admin', '/');
  const card = page.getByRole('region', { name: 'Scadenze F-gas' });
  await expect(card).toBeVisible();
  for (const label of [
    'Controlli perdite scaduti',
    'Controlli perdite entro 30 giorni',
    'Comunicazioni Banca Dati in ritardo',
  ])
    await expect(card.getByRole('link', { name: new RegExp(label) })).toBeVisible();
  const overdue = card.getByRole('link', { name: /Controlli perdite scaduti/ });
  await expect(overdue.getByTestId('count')).toHaveText(/^[1-9][\d.]*$/);

  await overdue.click();
  await expect(page).toHaveURL(/#\/wfm\/machines\?.*overdue/);
  // The named filter is on in the filter bar, and every row of the list is marked late.
  await expect(page.getByRole('switch', { name: 'In ritardo' })).toBeChecked();
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await expect(page.getByTestId('preset-overdue')).toHaveCount(count);
  await expect(page.getByTestId('preset-overdue').first()).toHaveText('In ritardo');
  // The machine's own form marks it too.
  await rows.first().getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/#\/wfm\/machines\/[0-9a-f-]{36}$/);
  // The list's filter bar gone: the form is on screen (the URL changes before the list leaves).
  await expect(page.getByRole('switch', { name: 'In ritardo' })).toHaveCount(0);
  await expect(page.getByTestId('preset-overdue').first()).toBeVisible();

  // The register's late records the same way.
  await page.goto('/#/');
  await page
    .getByRole('region', { name: 'Scadenze F-gas' })
    .getByRole('link', { name: /Comunicazioni Banca Dati in ritardo/ })
    .click();
  await expect(page).toHaveURL(/#\/wfm\/fgas-activities\?.*overdue/);
  await expect(page.getByTestId('preset-overdue').first()).toBeVisible();
});

test('an empty related list says which list is empty', async ({ page, request }) => {
  const api = await adminApi(request);
  const site = await api.first('/sales/api/sites?pageSize=1');
  const machine = await api.create('/wfm/api/machines', {
    code: `E2E-${Date.now().toString(36)}`,
    siteId: site.id,
    name: 'Split sala riunioni',
    equipmentCategory: 'splitAc',
    status: 'active',
  });
  await openAs(page, request, 'admin', `/wfm/machines/${machine.id}/show`);
  await expect(page.getByText('Nessun risultato in Interventi F-gas')).toBeVisible();
  await expect(page.getByText('%{name}')).toHaveCount(0);
});

test('a refused action tells why in Italian, from the service’s localized messages', async ({ page, request }) => {
  const api = await adminApi(request);
  const site = await api.first('/sales/api/sites?pageSize=1');
  const ticket = await api.create('/ticketing/api/requests', {
    customerId: site.customerId,
    siteId: site.id,
    subject: 'Condizionatore rumoroso',
    reporterName: 'Mario Rossi',
    channel: 'phone',
    type: 'breakdown',
    priority: 'normal',
  });
  await openAs(page, request, 'admin', `/ticketing/requests/${ticket.id}/show`);
  await page.getByRole('button', { name: 'Chiudi', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  // No activity was carried out for it: the reason is required (a service check, not the form's).
  // The toast sits behind the modal dialog (hidden from the accessibility tree): found by its text.
  await expect(page.getByText('Motivo della chiusura: Obbligatorio')).toBeVisible();
  await expect(dialog.getByText('Obbligatorio')).toBeVisible();
  await expect(page.getByText(/Invalid fields/)).toHaveCount(0);
});
