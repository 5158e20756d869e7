import { expect, test, type Request } from '@playwright/test';
import { signIn } from './shell-support';

/*
 * What the SPA makes of the services' totals and label fields (docs/wire-contract.md#totals): an estimated
 * total never reads as exact, and a reference link's partial record never stands in for the whole one.
 */

test('an estimated total reads "circa", and the next page still opens', async ({ page }) => {
  await signIn(page, 'acme', 'admin');
  // The demo has a few hundred activities, not the 100,000 that make the services estimate: say they did.
  await page.route(
    (url) => url.pathname.endsWith('/wfm/api/activities'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { total?: number };
      await route.fulfill({ response, json: { ...body, total: 103_417, totalEstimated: true } });
    },
  );
  await page.goto('/#/wfm/activities');
  // The demo's activity list is a heavy first page on a busy machine.
  await expect(page.getByText('1-25 di circa 100.000')).toBeVisible({ timeout: 30_000 });
  // No numbered pages: the last one (4137 of 25 at the estimate) would be a guess.
  await expect(page.getByRole('button', { name: /4137/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Vai alla pagina successiva' }).click();
  await expect(page.getByText('26-50 di circa 100.000')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row')).toHaveCount(26);
});

test("a reference link asks only its label's fields; the page it opens reads the whole record", async ({ page }) => {
  await signIn(page, 'acme', 'admin');
  const labels = page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname.endsWith('/sales/api/customers') &&
      new URL(r.url()).searchParams.get('options[fields]') === 'legalName,lastName,firstName',
  );
  await page.goto('/#/sales/sites');
  await labels;
  const link = page.locator('a[href*="#/sales/customers/"]').first();
  await expect(link).toBeVisible();
  const name = (await link.textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  const id = /#\/sales\/customers\/([0-9a-f-]{36})/.exec((await link.getAttribute('href')) ?? '')?.[1];
  expect(id).toBeDefined();
  // The customer's page asks for the whole record: the label's partial one is cached under its own key.
  const whole = page.waitForRequest((r: Request) => new URL(r.url()).pathname.endsWith(`/sales/api/customers/${id}`));
  await link.click();
  await whole;
  await expect(page.getByLabel('Ragione sociale', { exact: true }).or(page.getByText(name).first())).toBeVisible();
});
