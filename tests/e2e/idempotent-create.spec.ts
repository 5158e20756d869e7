import { expect, test } from '@playwright/test';

// A save whose answer is lost (the record was made, the browser never heard) and is then saved again
// records the contact once: both saves carry the form's one Idempotency-Key (docs/wire-contract.md#idempotent-creates).
test('a create saved again after its answer was lost makes one record', async ({ page }) => {
  // Two saves, a list and a second form: more than one screen's worth of waiting on a loaded machine.
  test.setTimeout(120_000);
  const lastName = `Ripetuti-${Date.now().toString(36)}`;
  await page.goto('/');
  await page.getByLabel('Nome utente').fill('admin');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByLabel('Tenant').fill('acme');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('menuitem', { name: 'Contatti' })).toBeVisible({ timeout: 30_000 });

  const keys: (string | undefined)[] = [];
  const statuses: number[] = [];
  await page.route('**/address-book/api/contacts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key']);
    const response = await route.fetch();
    statuses.push(response.status());
    // The first answer never reaches the browser; the server did create the record.
    if (keys.length === 1) return route.abort('failed');
    return route.fulfill({ response });
  });

  await page.goto('/#/address-book/contacts/create');
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Lucia');
  await page.getByLabel('Cognome', { exact: true }).fill(lastName);
  await page.getByLabel('Cellulare', { exact: true }).fill('333 765 4321');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect.poll(() => statuses.length, { timeout: 15_000 }).toBe(1);
  await expect(page.getByRole('button', { name: 'Salva' })).toBeEnabled();

  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento creato')).toBeVisible({ timeout: 15_000 });
  expect(statuses).toEqual([201, 200]);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);

  await page.unroute('**/address-book/api/contacts');
  await page.goto('/#/address-book/contacts');
  await page.getByLabel('Cerca').fill(lastName);
  await expect(page.getByRole('row').filter({ hasText: lastName })).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // header + the one contact

  // A new form is a new request: its save has another key.
  await page.route('**/address-book/api/contacts', async (route) => {
    if (route.request().method() === 'POST') keys.push(route.request().headers()['idempotency-key']);
    return route.fallback();
  });
  await page.goto('/#/address-book/contacts/create');
  await page.getByLabel('Nome', { exact: true }).fill('Lucia');
  await page.getByLabel('Cognome', { exact: true }).fill(`${lastName}-bis`);
  await page.getByLabel('Cellulare', { exact: true }).fill('333 765 4321');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento creato')).toBeVisible({ timeout: 15_000 });
  expect(keys).toHaveLength(3);
  expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[2]).not.toBe(keys[0]);
});
