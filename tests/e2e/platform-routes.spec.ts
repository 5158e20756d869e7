import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openAs, pageTitle, tokenFor, withConfig } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// docs/spa.md#route-table: the routes with their guards, per role; 404; disabled modules; maintenance mode.

const DENIED = 'Accesso negato';
const notFound = (page: Page) => page.getByRole('main').getByRole('heading', { name: 'Page not found' });
const maintenance = (page: Page) => page.getByRole('main').getByRole('heading', { name: 'Maintenance mode' });

/** One activity the technician `tecnico` may open (the services give technicians only their own). */
async function technicianActivity(request: APIRequestContext): Promise<string> {
  const { AccessToken } = await tokenFor(request, 'tecnico');
  const response = await request.get('/wfm/api/activities?page=0&pageSize=1', {
    headers: { Authorization: `Bearer ${AccessToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { id: string }[] };
  expect(data.length).toBe(1);
  return data[0].id;
}

test.describe('guards per role', () => {
  test('an administrator opens admin-only and technician routes', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/sales/customers');
    await expect(pageTitle(page)).toHaveText('Clienti');
    await page.goto('/#/wfm/activities/assigned');
    await expect(pageTitle(page)).toHaveText('Interventi assegnati');
    await page.goto('/#/users');
    await expect(pageTitle(page)).toHaveText('Utenti');
    await expect(page.getByText(DENIED)).toHaveCount(0);
  });

  test('a technician opens the technician area and is refused admin-only routes', async ({ page, request }) => {
    const activity = await technicianActivity(request);
    await openAs(page, request, 'tecnico', '/wfm/activities/assigned');
    await expect(pageTitle(page)).toHaveText('Interventi assegnati');
    // The menu is the technician area's: their work, not the office's billing lists.
    const menu = page.getByRole('menu');
    for (const entry of ['Interventi assegnati', 'Interventi completati', 'Rapportini', 'Ticket periodici']) {
      await expect(menu.getByRole('menuitem', { name: entry })).toBeVisible();
    }
    for (const entry of ['Clienti', 'Interventi chiusi', 'Approvati non fatturabili', 'Interventi fatturati'])
      await expect(menu.getByRole('menuitem', { name: entry })).toHaveCount(0);

    await page.goto(`/#/wfm/activities/${activity}`);
    await expect(page).toHaveURL(new RegExp(activity));
    await expect(page.getByText(DENIED)).toHaveCount(0);
    await page.goto('/#/sales/work-reports');
    await expect(pageTitle(page)).toHaveText('Rapportini');

    for (const path of [
      '/sales/customers',
      '/users',
      '/address-book/contacts',
      '/ticketing/requests',
      '/wfm/activities',
      '/wfm/activities/approved-not-billed',
      '/wfm/activities/billed',
    ]) {
      await page.goto(`/#${path}`);
      await expect(page.getByText(DENIED).first(), path).toBeVisible();
    }
  });

  test('a regular user is refused admin-only and technician routes', async ({ page, request }) => {
    await openAs(page, request, 'utente', '/sales/invoices');
    await expect(page.getByText(DENIED).first()).toBeVisible();
    for (const path of ['/wfm/activities/assigned', '/sales/work-reports', '/ticketing/periodic']) {
      await page.goto(`/#${path}`);
      await expect(page.getByText(DENIED).first(), path).toBeVisible();
    }
    await page.goto('/#/profile');
    await expect(page.getByText(DENIED)).toHaveCount(0);
  });
});

test("no matching route, or a malformed id, is 'Page not found'", async ({ page, request }) => {
  await openAs(page, request, 'admin', '/no/such/page');
  await expect(notFound(page)).toBeVisible();
  await page.goto('/#/sales/customers/not-a-uuid');
  await expect(notFound(page)).toBeVisible();
});

test('a module the tenant config does not enable loses its routes and menu entries', async ({ page, request }) => {
  await withConfig(page, (config) => {
    for (const service of config.microservices as { id: string; enabled: boolean }[]) {
      if (service.id === 'sales') service.enabled = false;
    }
  });
  await openAs(page, request, 'admin', '/sales/customers');
  await expect(notFound(page)).toBeVisible();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Contatti' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Clienti' })).toHaveCount(0);
  await expect(menu.getByText('Vendite')).toHaveCount(0);
});

test("maintenance mode blocks every route with 'Maintenance mode'", async ({ page, request }) => {
  await withConfig(page, (config) => {
    config.maintenanceMode = { enabled: true };
  });
  await openAs(page, request, 'admin', '/address-book/contacts');
  await expect(maintenance(page)).toBeVisible();
  for (const path of ['/', '/profile', '/no/such/page']) {
    await page.goto(`/#${path}`);
    await expect(maintenance(page), path).toBeVisible();
  }
});

test('an error during start-up is logged and shows the error view', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
  await page.route('**/runtime-config.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.goto('/');
  const view = page.getByRole('alert');
  await expect(view).toContainText('Errore di sistema: ');
  await expect(view).toContainText('runtime-config.json: HTTP 503');
  await expect(view).toContainText("Riprova più tardi o contatta l'assistenza tecnica.");
  await expect(view.getByRole('button', { name: 'Ricarica' })).toBeVisible();
  expect(logged.some((text) => text.includes('runtime-config.json: HTTP 503'))).toBe(true);
});
