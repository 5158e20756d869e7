import { expect, test, type Request } from '@playwright/test';
import { DEMO_PASSWORD } from './shell-support';

// docs/spa.md#boot: after the token nothing runs in a chain before the first page's own calls. The
// login page has fetched the signed-in page's chunks while the user typed; the tenant config shown on the
// login page is the session tenant's, so it is not fetched again; the list asks for its rows once; the
// bell reads the unread count once, after the rows.

const path = (request: Request) => new URL(request.url()).pathname;

test('after the token a list page loads no script and no config, and asks each call once, the bell last', async ({
  page,
}) => {
  await page.goto('/#/address-book/contacts');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  // A user types meanwhile: the signed-in layout's chunk (among others) arrives before the click.
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((e) => /\/assets\/AppLayout-[^/]+\.js$/.test(e.name)),
    null,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');

  const after: Request[] = [];
  let tokenAnswered = false;
  page.on('request', (request) => {
    if (tokenAnswered) after.push(request);
  });
  page.on('response', (response) => {
    if (path(response.request()) === '/oauth2/token') tokenAnswered = true;
  });
  await page.getByLabel('Nome utente').fill('admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Tenant').fill('acme');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/#\/address-book\/contacts/, { timeout: 15_000 });
  await expect(page.locator('tbody tr').first()).toBeVisible();
  // The bell's calls come once the page has its data.
  await expect.poll(() => after.filter((r) => path(r).endsWith('/unread-count')).length).toBe(1);
  await page.waitForLoadState('networkidle');

  const paths = after.map(path);
  expect(
    paths.filter((p) => p.endsWith('.js')),
    'scripts fetched after the token',
  ).toEqual([]);
  expect(
    paths.filter((p) => p.startsWith('/config/')),
    'tenant configs fetched after the token',
  ).toEqual([]);
  expect(paths.filter((p) => p === '/address-book/api/contacts')).toHaveLength(1);
  expect(paths.filter((p) => p === '/oauth2/tenant')).toHaveLength(1);
  expect(paths.filter((p) => p.endsWith('/unread-count'))).toHaveLength(1);
  expect(paths.indexOf('/address-book/api/contacts')).toBeLessThan(
    paths.findIndex((p) => p.startsWith('/notifications/')),
  );
});
