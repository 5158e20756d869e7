import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openAs, pageTitle } from './platform-support';
import { technicianJobOfToday } from './technician-support';

// Accessibility (docs/spa.md#accessibility): axe-core finds no serious or critical violation on the login
// screen, the dashboard, lists, a form with the rich-text editor, a show page, the Scadenzario and its payment
// dialog, on a desktop and on a phone; and a record opens from a list with the keyboard alone, by its row or
// by a reference link.

const expect = baseExpect.configure({ timeout: 15_000 });
// A test runs axe over several screens; each run takes seconds on a busy machine.
test.describe.configure({ timeout: 120_000 });
const BLOCKING = ['serious', 'critical'];
const UUID = '[0-9a-f-]{36}';

/** Runs axe over the whole page and fails naming each serious or critical rule, its elements and its help. */
async function expectNoSeriousViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => BLOCKING.includes(v.impact ?? ''));
  const report = blocking
    .map(
      (v) =>
        `- ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
        v.nodes.map((node) => `    ${node.target.join(' >>> ')}`).join('\n'),
    )
    .join('\n');
  expect(
    blocking.map((v) => v.id),
    `${screen}: axe found serious or critical violations:\n${report}`,
  ).toEqual([]);
}

/** The first data row of the list on screen, once its cells are drawn. */
const firstRow = (page: Page) => page.locator('tbody tr').first();

test.describe('axe finds no serious or critical violation', () => {
  test('on the login screen', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByLabel('Nome utente')).toBeVisible();
    await expectNoSeriousViolations(page, 'login');
  });

  test('on the forgot-password screen, also while its button waits for the server', async ({ page }) => {
    await page.goto('/#/forgot-password');
    await expectNoSeriousViolations(page, 'forgot password');
    // The request is held so the button shows its spinner, which must be named too.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/oauth2/password/forgot', async (route) => {
      await answered;
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Nome utente').fill('admin');
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await expect(page.getByRole('progressbar', { name: 'Caricamento' })).toBeVisible();
    await expectNoSeriousViolations(page, 'forgot password, sending');
    answer();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('on the dashboard', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/');
    await expect(page.getByRole('heading', { name: 'Benvenuto, admin' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Contatti per tipo' })).toContainText('Persona');
    await expectNoSeriousViolations(page, 'dashboard');
  });

  test('on the contacts and activities lists', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/address-book/contacts');
    await expect(firstRow(page)).toBeVisible();
    await expectNoSeriousViolations(page, 'contacts list');
    await page.goto('/#/wfm/activities');
    await expect(pageTitle(page)).toHaveText('Interventi');
    // Reference cells are drawn once their records arrive.
    await expect(firstRow(page).locator('a[href*="#/sales/customers/"]')).toBeVisible();
    await expectNoSeriousViolations(page, 'activities list');
  });

  test('on a form with the rich-text editor, created and edited', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/address-book/contacts/create');
    const editor = page.getByRole('textbox', { name: 'Note' });
    await expect(editor).toBeVisible();
    await expectNoSeriousViolations(page, 'contact create form');
    // The toolbar's heading choice is a menu button that still sets the level of the text.
    await editor.fill('Sopralluogo');
    await page.getByRole('button', { name: 'Livello attuale: Normale' }).click();
    await expectNoSeriousViolations(page, 'contact create form, heading menu open');
    await page.getByRole('menuitem', { name: 'Titolo 2' }).click();
    await expect(editor.locator('h2')).toHaveText('Sopralluogo');
    await expect(page.getByRole('button', { name: 'Livello attuale: Titolo 2' })).toBeVisible();

    await page.goto('/#/address-book/contacts');
    await firstRow(page).getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`#/address-book/contacts/${UUID}$`));
    await expect(editor).toBeVisible();
    await expectNoSeriousViolations(page, 'contact edit form');
  });

  test('on a show page', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/wfm/activities');
    const customer = firstRow(page).locator('a[href*="#/sales/customers/"]');
    await expect(customer).toBeVisible();
    // The customer's show page, with its related lists (sites, contracts).
    await customer.click();
    await expect(page).toHaveURL(new RegExp(`#/sales/customers/${UUID}/show$`));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.locator('section tbody tr').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'customer show page');
  });

  test('on the Scadenzario and the "Registra incasso" dialog', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/sales/receivables');
    await expect(page.locator('[data-testid^="receivables-customer-"]').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'receivables');
    // An instalment still owed, from the Scadenzario's total, and its payment dialog.
    await page.getByTestId('receivables-total-total').getByRole('link').click();
    await firstRow(page).click();
    await expect(page).toHaveURL(new RegExp(`#/sales/instalments/${UUID}/show$`));
    await page.getByRole('button', { name: 'Registra incasso' }).click();
    await expect(page.getByRole('dialog', { name: 'Registra incasso' })).toBeVisible();
    await expectNoSeriousViolations(page, 'payment dialog');
  });

  test.describe('on a phone, 390 px wide', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the dashboard and a list', async ({ page, request }) => {
      await openAs(page, request, 'admin', '/');
      await expect(page.getByRole('heading', { name: 'Benvenuto, admin' })).toBeVisible();
      await expectNoSeriousViolations(page, 'dashboard (phone)');
      await page.goto('/#/wfm/activities');
      await expect(pageTitle(page)).toHaveText('Interventi');
      await expect(
        page
          .getByText(/^\d+-\d+ di \d+$/)
          .or(firstRow(page))
          .first(),
      ).toBeVisible();
      await expectNoSeriousViolations(page, 'activities list (phone)');
    });

    test("a technician's job screen and their assigned activities as cards", async ({ page, request }) => {
      const title = `Accessibilità ${Date.now()}`;
      const { activity } = await technicianJobOfToday(request, 'acme', 'tecnico', title);
      await openAs(page, request, 'tecnico', `/wfm/activities/${activity.id}/job`);
      await expect(page.getByTestId('machine')).toHaveCount(1);
      await expect(page.getByRole('heading', { name: 'Interventi precedenti' })).toBeVisible();
      await expectNoSeriousViolations(page, 'job screen (phone)');
      await page.goto('/#/wfm/activities/assigned');
      await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
      await expectNoSeriousViolations(page, 'assigned activities as cards (phone)');
    });
  });
});

test.describe('the keyboard alone opens a record from a list', () => {
  /** Presses Tab from the focused element until `target` holds the focus (at most `limit` presses). */
  async function tabTo(page: Page, target: () => Promise<boolean>, limit = 40) {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press('Tab');
      if (await target()) return;
    }
    throw new Error(`the focus did not reach the target in ${limit} Tab presses`);
  }
  const focusedRow = (page: Page) =>
    page.evaluate(() => document.activeElement?.tagName === 'TR' && !!document.activeElement.closest('tbody'));

  test('Tab reaches a row, which shows its focus; Enter opens the record, and so does Space', async ({
    page,
    request,
  }) => {
    await openAs(page, request, 'admin', '/address-book/contacts');
    await expect(firstRow(page)).toBeVisible();
    await page.getByLabel('Cerca').focus();
    await tabTo(page, () => focusedRow(page));
    const row = firstRow(page);
    await expect(row).toBeFocused();
    // A visible focus ring, not the browser's default (which a table row does not draw).
    await expect(row).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/address-book/contacts/${UUID}$`));
    await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();

    await page.goBack();
    await expect(firstRow(page)).toBeVisible();
    await firstRow(page).focus();
    await page.keyboard.press(' ');
    await expect(page).toHaveURL(new RegExp(`#/address-book/contacts/${UUID}$`));
  });

  test('Tab reaches a reference cell, a link; Enter opens the referenced record', async ({ page, request }) => {
    await openAs(page, request, 'admin', '/wfm/activities');
    const link = firstRow(page).locator('a[href*="#/sales/customers/"]');
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^#/sales/customers/${UUID}/show$`));
    await page.getByLabel('Cerca').focus();
    await tabTo(page, () =>
      page.evaluate(() => (document.activeElement?.getAttribute('href') ?? '').startsWith('#/sales/customers/')),
    );
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(pageTitle(page)).not.toHaveText('Interventi');
  });
});
