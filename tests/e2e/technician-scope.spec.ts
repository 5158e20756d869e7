import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';

/**
 * A technician opens what their jobs name (docs/tenancy-and-security.md#record-scopes): the pages of the
 * customer, site and machine of one of their activities open, every reference on them resolves (no
 * error icon), and the office's private fields are not there.
 */

const DENIED = 'Accesso negato';
type Activity = { id: string; number: string; customerId: string; siteId: string; machineIds: string[] | null };

async function get<T>(request: APIRequestContext, headers: Record<string, string>, url: string): Promise<T> {
  const res = await request.get(url, { headers });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A page is done loading when its spinner is gone; then no reference may show react-admin's error icon. */
async function expectResolved(page: Page, path: string) {
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0);
  await expect(page.getByText(DENIED), path).toHaveCount(0);
  await expect(page.locator('[data-testid="ErrorIcon"]'), path).toHaveCount(0);
}

test('a technician opens the customer, site and machine of their job, every reference resolved', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'tecnico')).AccessToken}` };
  const activities = await get<Activity[]>(request, headers, '/wfm/api/activities?pageSize=100');
  const activity = activities.find((a) => (a.machineIds ?? []).length > 0);
  expect(activity, 'a published activity of tecnico with a machine').toBeDefined();
  const machine = await get<{ code: string; name: string }>(
    request,
    headers,
    `/wfm/api/machines/${activity!.machineIds![0]}`,
  );
  const customer = await get<Record<string, unknown>>(request, headers, `/sales/api/customers/${activity!.customerId}`);
  expect(customer).not.toHaveProperty('creditLimit');

  await openAs(page, request, 'tecnico', `/wfm/activities/${activity!.id}/show`);
  await expect(page.getByText(activity!.number).first()).toBeVisible();
  await expectResolved(page, 'activity');

  // The machine's link opens its page (it answered "Accesso negato" before).
  await page
    .getByRole('link', { name: `${machine.code} ${machine.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/wfm/machines/${activity!.machineIds![0]}/show`));
  await expect(page.getByText(machine.name).first()).toBeVisible();
  await expectResolved(page, 'machine');

  await page.goto(`/#/sales/sites/${activity!.siteId}/show`);
  await expectResolved(page, 'site');
  await page.goto(`/#/sales/customers/${activity!.customerId}/show`);
  await expect(page.getByText(String(customer.legalName ?? customer.lastName)).first()).toBeVisible();
  await expectResolved(page, 'customer');
  // The office's terms are no field of the page, and there is no edit button.
  await expect(page.getByText('Fido')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Modifica' })).toHaveCount(0);
});
