import { expect, test } from '@playwright/test';

// The walking skeleton end to end: log in, create a contact, find it with a filter, edit it, log out.
test('an admin logs in, manages a contact and logs out', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const lastName = `Verdi-${suffix}`;

  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('Nome utente').fill('admin');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByLabel('Tenant').fill('acme');
  await page.getByRole('button', { name: 'Accedi' }).click();

  await page.getByRole('menuitem', { name: 'Contatti' }).click();
  await expect(page).toHaveURL(/#\/address-book\/contacts/);

  await page.getByRole('link', { name: 'Crea' }).click();
  // The form has replaced the list (whose column chooser holds switches named like the inputs).
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Giulia');
  await page.getByLabel('Cognome', { exact: true }).fill(lastName);
  await page.getByLabel('Email', { exact: true }).fill(`giulia.${suffix}@example.it`);
  await page.getByLabel('Cellulare', { exact: true }).fill('333 123 4567');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento creato')).toBeVisible();

  await page.goto('/#/address-book/contacts');
  await page.getByLabel('Cerca').fill(lastName);
  const row = page.getByRole('row').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
  await expect(row).toContainText('+393331234567');

  await row.click();
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await page.getByLabel('Qualifica', { exact: true }).fill('Referente tecnico');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Elemento aggiornato')).toBeVisible();

  await page.goto('/#/address-book/contacts');
  await page.getByLabel('Cerca').fill(lastName);
  await expect(page.getByRole('row').filter({ hasText: lastName })).toHaveCount(1);

  await page.getByRole('button', { name: 'Profilo' }).click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await page.goto('/#/address-book/contacts');
  await expect(page).toHaveURL(/#\/login/);
});
