import { expect as baseExpect, test } from '@playwright/test';
import { openAs, PASSWORD, tokenFor } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// docs/spa.md#session: password login, expiry, refresh and the single-flight 401 handling.

async function fillLogin(page: import('@playwright/test').Page, password: string) {
  await page.goto('/#/login');
  await page.getByLabel('Nome utente').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Tenant').fill('acme');
  await page.getByRole('button', { name: 'Accedi' }).click();
}

test("a failed login shows the server's message", async ({ page }) => {
  await fillLogin(page, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Nome utente o password non validi', { timeout: 15_000 });
  await expect(page).toHaveURL(/#\/login/);
});

test("a failed login without a server message shows 'Server Error'", async ({ page }) => {
  await page.route('**/oauth2/token', (route) => route.fulfill({ status: 502, body: '<html>Bad gateway</html>' }));
  await fillLogin(page, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Server Error');
});

test('a signed-in user who opens the login page goes to /', async ({ page, request }) => {
  await openAs(page, request, 'utente', '/login');
  await expect(page).toHaveURL(/#\/$/);
});

test('an expired token is refreshed once, with the stored refresh token, and the page opens', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, 'admin');
  const grants: Record<string, string>[] = [];
  await page.route('**/oauth2/token', async (route) => {
    grants.push(Object.fromEntries(new URLSearchParams(route.request().postData() ?? '')));
    await route.continue();
  });
  // Signed in with a token whose expiry (a unix time) has passed.
  await page.addInitScript((token) => {
    localStorage.setItem(
      'climatica.v1.token',
      JSON.stringify({ accessToken: token.AccessToken, refreshToken: token.RefreshToken, expiresAt: 1 }),
    );
  }, token);
  await page.goto('/#/profile');
  await expect(page).toHaveURL(/#\/profile/);
  await expect(page.getByText('admin').first()).toBeVisible();
  expect(grants.map((g) => [g.grant_type, g.refresh_token])).toEqual([['refresh_token', token.RefreshToken]]);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('climatica.v1.token')!));
  expect(stored.refreshToken).not.toBe(token.RefreshToken);
  expect(stored.expiresAt).toBeGreaterThan(Date.now() / 1000);
});

test('an expired session that cannot be refreshed clears storage and goes to /login', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e.session')) return;
    sessionStorage.setItem('e2e.session', '1');
    localStorage.setItem(
      'climatica.v1.token',
      JSON.stringify({ accessToken: 'x.e30.x', refreshToken: 'revoked', expiresAt: 1 }),
    );
  });
  await page.goto('/#/address-book/contacts');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByLabel('Nome utente')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('climatica.v1.token'))).toBeNull();
});

test('five concurrent 401s cause one token call, and every call is retried once', async ({ page, request }) => {
  const token = await tokenFor(request, 'admin');
  let tokenCalls = 0;
  const refused: string[] = [];
  const retried: string[] = [];
  await page.route('**/oauth2/token', async (route) => {
    tokenCalls += 1;
    // A slow token endpoint: calls made meanwhile are refused too, and wait for the same refresh.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // The services stop accepting the first access token, as if it had been revoked: every API call
  // with it answers 401 (the dashboard's counts and the notification bell's calls go out together).
  await page.route(/\/(address-book|sales|ticketing|wfm|warehouse|oauth2|notifications)\/api\//, async (route) => {
    const url = route.request().url();
    if (route.request().headers().authorization === `Bearer ${token.AccessToken}`) {
      refused.push(url);
      await route.fulfill({ status: 401, contentType: 'application/problem+json', body: '{"status":401}' });
    } else {
      if (refused.includes(url)) retried.push(url);
      await route.continue();
    }
  });
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e.session')) return;
    sessionStorage.setItem('e2e.session', '1');
    localStorage.setItem(
      'climatica.v1.token',
      JSON.stringify({
        accessToken: token.AccessToken,
        refreshToken: token.RefreshToken,
        expiresAt: Math.floor(Date.now() / 1000) + 900,
      }),
    );
  }, token);
  await page.goto('/#/');
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(5);
  // Each refused call goes out again once, with the renewed token.
  await expect
    .poll(() => new Set(refused).size === new Set(retried).size && refused.length <= retried.length)
    .toBe(true);
  await expect(page).toHaveURL(/#\/$/);
  expect(tokenCalls).toBe(1);
});

test('two open tabs with an expired token refresh once between them', async ({ context, request }) => {
  const token = await tokenFor(request, 'admin');
  const refreshTokens: string[] = [];
  await context.route('**/oauth2/token', async (route) => {
    refreshTokens.push(new URLSearchParams(route.request().postData() ?? '').get('refresh_token') ?? '');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const [one, two] = [await context.newPage(), await context.newPage()];
  // Both tabs share the stored session; it has just expired.
  await one.goto('/#/login');
  await one.evaluate((token) => {
    localStorage.setItem(
      'climatica.v1.token',
      JSON.stringify({ accessToken: token.AccessToken, refreshToken: token.RefreshToken, expiresAt: 1 }),
    );
  }, token);
  await Promise.all([one.goto('/?tab=1#/profile'), two.goto('/?tab=2#/profile')]);
  for (const tab of [one, two]) await expect(tab).toHaveURL(/#\/profile/);
  for (const tab of [one, two]) await expect(tab.getByRole('button', { name: 'Profilo' })).toBeVisible();
  // One refresh, with the stored refresh token: the rotated one is never sent twice.
  expect(refreshTokens).toEqual([token.RefreshToken]);
});
