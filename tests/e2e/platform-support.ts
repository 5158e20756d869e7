import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo users' password (README.md). */
export const PASSWORD = 'demo1234';

export interface TokenResponse {
  AccessToken: string;
  RefreshToken: string;
  ExpiresIn: number;
}

/** A session of a demo user of `acme`, from the token endpoint the SPA uses. */
export async function tokenFor(request: APIRequestContext, username: string, tenant = 'acme'): Promise<TokenResponse> {
  const config = await (await request.get('/runtime-config.json')).json();
  const response = await request.post('/oauth2/token', {
    form: {
      grant_type: 'password',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      scope: 'USERNAME',
      username,
      password: PASSWORD,
      tenant,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * Opens `path` already signed in as a demo user: the session is put in storage before the app starts
 * (the login page has its own tests), once per tab, so reloads keep whatever the app stored since.
 */
export async function openAs(page: Page, request: APIRequestContext, username: string, path: string, tenant = 'acme') {
  const token = await tokenFor(request, username, tenant);
  await page.addInitScript(
    ({ token, tenant }) => {
      if (sessionStorage.getItem('e2e.session')) return;
      sessionStorage.setItem('e2e.session', '1');
      localStorage.setItem(
        'climatica.v1.token',
        JSON.stringify({
          accessToken: token.AccessToken,
          refreshToken: token.RefreshToken,
          expiresAt: Math.floor(Date.now() / 1000) + token.ExpiresIn,
        }),
      );
      localStorage.setItem('climatica.v1.tenant', tenant);
    },
    { token, tenant },
  );
  await page.goto(`/#${path}`);
  return token;
}

/** Serves the tenant config changed by `change` (e.g. a module disabled, maintenance mode on). */
export async function withConfig(page: Page, change: (config: Record<string, unknown>) => void, tenant = 'acme') {
  await page.route(`**/config/${tenant}.json`, async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    change(config);
    await route.fulfill({ response, json: config });
  });
}

/** The page title react-admin shows in the app bar. */
export const pageTitle = (page: Page) => page.locator('#react-admin-title');
