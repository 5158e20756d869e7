import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, resetLinkFor, setEmail, signIn } from './shell-support';

// globex/utente: no other spec signs in as this user, and the password ends as it started.
const TENANT = 'globex';
const USER = 'utente';
const NEW_PASSWORD = 'Nuova-Password-2025';

test('forgot and reset password through the mailed link, then change it back from the profile', async ({
  page,
  request,
}) => {
  const email = `utente.${Date.now().toString(36)}@globex.example.it`;
  await setEmail(request, TENANT, USER, email);
  // Exact: 'Ripeti la nuova password' contains it too.
  const newPassword = page.getByRole('textbox', { name: 'Nuova password', exact: true });

  // Request: the login page's link, username and tenant, the same confirmation whoever asks.
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL(/#\/forgot-password/);
  await page.getByLabel('Nome utente').fill(USER);
  await page.getByLabel('Tenant').fill(TENANT);
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await expect(page.getByRole('status')).toContainText('riceverà un link per scegliere una nuova password');

  // Reset: the link of the mail, the new password twice.
  const link = await resetLinkFor(request, email);
  await page.goto(`/${link}`);
  await newPassword.fill(NEW_PASSWORD);
  await page.getByLabel('Ripeti la nuova password').fill('something else');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Le due password non coincidono')).toBeVisible();
  await page.getByLabel('Ripeti la nuova password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page).toHaveURL(/#\/login/, { timeout: 15_000 });
  await expect(page.getByRole('status')).toHaveText('La password è stata cambiata: accedi con quella nuova.');

  // A link works once: the server's token error is shown.
  await page.goto(`/${link}`);
  await newPassword.fill(NEW_PASSWORD);
  await page.getByLabel('Ripeti la nuova password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByRole('alert')).toContainText('Il link non è valido, è già stato usato o è scaduto');

  // The new password signs in; the profile changes it back and the session goes on.
  await signIn(page, TENANT, USER, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Profilo' }).click();
  await page.getByRole('menuitem', { name: 'Profilo' }).click();
  await expect(page).toHaveURL(/#\/profile/);
  await expect(page.getByText(email)).toBeVisible();
  const tokenBefore = await page.evaluate(() => localStorage.getItem('climatica.v1.token'));

  await page.getByLabel('Password attuale').fill('not-my-password');
  await newPassword.fill(DEMO_PASSWORD);
  await page.getByLabel('Ripeti la nuova password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('La password attuale non è corretta')).toBeVisible({ timeout: 15_000 });

  await page.getByLabel('Password attuale').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  // Checking the old password and hashing the new one take a moment (scrypt at OWASP parameters).
  await expect(page.getByText('Password cambiata: le altre sessioni sono state chiuse.')).toBeVisible({
    timeout: 15_000,
  });
  expect(await page.evaluate(() => localStorage.getItem('climatica.v1.token'))).not.toBe(tokenBefore);

  // Still signed in: the next page loads its data with the fresh token.
  await page.goto('/#/notifications');
  await expect(page.getByRole('heading', { name: 'Benvenuto!' }).or(page.getByText('Benvenuto!'))).toBeVisible();
  await expect(page).toHaveURL(/#\/notifications/);
});
