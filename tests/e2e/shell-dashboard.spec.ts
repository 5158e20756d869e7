import { expect, test } from '@playwright/test';
import { signIn } from './shell-support';

test('the dashboard in Italian, then in English after the app bar switch, which is remembered', async ({ page }) => {
  await signIn(page, 'acme', 'admin');
  await expect(page.getByRole('heading', { name: 'Benvenuto, admin' })).toBeVisible();
  await expect(page.getByText('Azienda: Acme Clima S.r.l.')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Elementi principali per modulo' })).toContainText('Rubrica');
  const byKind = page.getByRole('figure', { name: 'Contatti per tipo' });
  await expect(byKind).toContainText('Persona');
  await expect(page.getByTestId('module-resource').filter({ hasText: /^Contatti · \d+$/ })).toBeVisible();

  await page.getByRole('button', { name: /italiano/i }).click();
  await page.getByRole('menuitem', { name: /english/i }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, admin' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Main records per module' })).toContainText('Address book');
  await expect(page.getByRole('figure', { name: 'Contacts by kind' })).toContainText('Person');
  await expect(page.getByTestId('module-resource').filter({ hasText: /^Contacts · \d+$/ })).toBeVisible();

  // The choice outlives the session and the page: after a logout and a reload, the login page is English.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test("a technician's dashboard: today's activities and the next seven days", async ({ page }) => {
  await signIn(page, 'acme', 'tecnico');
  await expect(page.getByRole('heading', { name: 'Benvenuto, tecnico' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Le tue attività di oggi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'I prossimi 7 giorni' })).toBeVisible();
  // The demo plans activities around today; each one listed opens its job screen.
  const week = page.getByRole('list', { name: 'I prossimi 7 giorni' });
  await expect(week.or(page.getByText('Nessuna attività nei prossimi 7 giorni'))).toBeVisible();
  const lists = page.getByRole('list', { name: /Le tue attività di oggi|I prossimi 7 giorni/ });
  const hrefs = await lists.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of hrefs) expect(href).toMatch(/#\/wfm\/activities\/[0-9a-f-]{36}\/job$/);
  // The module chips are the menu's entries: the technician area, not the management lists.
  await expect(page.getByTestId('module-resource').filter({ hasText: 'Interventi assegnati' })).toBeVisible();
});
