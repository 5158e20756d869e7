import { expect as baseExpect, test, type Page } from '@playwright/test';

// The first list after login waits for the app's chunks and the query: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The built SPA and the API docs page work under the server's Content-Security-Policy: the
 * browser reports no violation (console or securitypolicyviolation event) on the screens walked.
 */

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/Content[- ]Security[- ]Policy/i.test(error.message)) seen.push(`error: ${error.message}`);
  });
  // Before any page script runs, so violations during boot are caught too.
  void page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(
        `${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return seen;
}

async function eventViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.cspViolations ?? []);
}

test('the SPA runs under the CSP: login, list, create form, record', async ({ page }) => {
  const seen = watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);

  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('Nome utente').fill('admin');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByLabel('Tenant').fill('acme');
  await page.getByRole('button', { name: 'Accedi' }).click();

  await page.getByRole('menuitem', { name: 'Contatti' }).click();
  await expect(page).toHaveURL(/#\/address-book\/contacts/);
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();

  await page.getByRole('link', { name: 'Crea' }).click();
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await expect(page.getByLabel('Cognome', { exact: true })).toBeVisible();
  await page.goBack();
  await page.getByRole('row').nth(1).getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/#\/address-book\/contacts\/[0-9a-f-]{36}/);
  // The lazily loaded rich-text editor has loaded and styled itself. (Not networkidle: the live
  // notifications stream keeps a request open for as long as the page is.)
  await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();

  expect([...seen, ...(await eventViolations(page))]).toEqual([]);
});

test('the API docs page runs under its CSP and lists the endpoints', async ({ page }) => {
  const seen = watchViolations(page);
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  await expect(page.locator('.swagger-ui .information-container')).toBeVisible();
  // One service at a time: address-book first, the others from the selector.
  await expect(page.locator('select#select')).toHaveValue('/docs/json/address-book');
  await expect(page.locator('.opblock-summary-path', { hasText: '/address-book/api/contacts' }).first()).toBeVisible();
  await page.locator('.opblock-summary-path', { hasText: '/address-book/api/contacts' }).first().click();
  await expect(page.getByText('filters[0][field]').first()).toBeVisible();
  await page.locator('select#select').selectOption({ label: 'sales' });
  await expect(page.locator('.opblock-summary-path', { hasText: '/sales/api/invoices' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect([...seen, ...(await eventViolations(page))]).toEqual([]);
});
