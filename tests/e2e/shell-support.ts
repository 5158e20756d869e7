import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo users' password (README.md). */
export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the login page, in Italian (the browser language of playwright.config.ts). */
export async function signIn(page: Page, tenant: string, username: string, password = DEMO_PASSWORD) {
  await page.goto('/#/login');
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Tenant').fill(tenant);
  await page.getByRole('button', { name: 'Accedi' }).click();
  // A password check takes a moment (scrypt at OWASP parameters), longer on a busy machine.
  await expect(page).not.toHaveURL(/#\/login/, { timeout: 15_000 });
}

/** An access token for API set-up calls, through the same token endpoint the SPA uses. */
export async function accessToken(
  request: APIRequestContext,
  tenant: string,
  username: string,
  password = DEMO_PASSWORD,
) {
  const config = await (await request.get('/runtime-config.json')).json();
  const response = await request.post('/oauth2/token', {
    form: {
      grant_type: 'password',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      scope: 'USERNAME',
      username,
      password,
      tenant,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).AccessToken as string;
}

/** Gives a demo user an e-mail address (the seed leaves them without), so a reset link can reach them. */
export async function setEmail(request: APIRequestContext, tenant: string, username: string, email: string) {
  const headers = { Authorization: `Bearer ${await accessToken(request, tenant, 'admin')}` };
  const query =
    'page=0&pageSize=25&filters[0][field]=username&filters[0][operator]=eq' +
    `&filters[0][value]=${encodeURIComponent(username)}&options[sortBy]=createdAt&options[sortDirection]=desc`;
  const list = await request.get(`/oauth2/api/users?${query}`, { headers });
  expect(list.status()).toBe(200);
  const [user] = (await list.json()).data as { id: string; version: number }[];
  const update = await request.post(`/oauth2/api/users/${user.id}`, {
    headers,
    data: { version: user.version, email },
  });
  expect(update.status(), await update.text()).toBe(200);
}

/** The reset link of the newest mail to `to` in the dev outbox (GET /oauth2/dev/outbox, same machine only). */
export async function resetLinkFor(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { data } = (await (await request.get('/oauth2/dev/outbox')).json()) as {
        data: { to: string; text: string }[];
      };
      link = data.find((mail) => mail.to.includes(to))?.text.match(/\S*#\/reset-password\?token=\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  // The mail's link names PUBLIC_URL; the test server may listen elsewhere.
  return link!.slice(link!.indexOf('#'));
}
