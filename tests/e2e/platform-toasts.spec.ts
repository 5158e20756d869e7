import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openAs } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// docs/spa.md#toasts, docs/spa.md#errors-and-toasts: toasts at the bottom end, 'Ora' on a normal one, the system error
// toast on a 5xx or an unreachable service; and the same in English.

/** The notification stream delivers one live notification: the app shows it as a normal toast. */
async function liveNotification(page: Page, title: string, text: string) {
  await page.route('**/notifications/api/notifications/stream*', async (route) => {
    const live = {
      id: '6f1c0000-0000-4000-8000-0000000000aa',
      title,
      text,
      type: 'normal',
      link: null,
      readAt: null,
      createdAt: new Date().toISOString(),
    };
    await route.fulfill({
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
      body: `retry: 60000\n\nid: ${live.id}\nevent: notification\ndata: ${JSON.stringify(live)}\n\n`,
    });
  });
}

/** Every list call of the contacts answers a server error. */
const failContacts = (page: Page) =>
  page.route('**/address-book/api/contacts?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Internal Server Error', status: 500, detail: 'Database unavailable' }),
    }),
  );

test('a normal toast: at the bottom end, header label Ora, comment icon, gone after 4000 ms', async ({
  page,
  request,
}) => {
  await liveNotification(page, 'Intervento assegnato', 'Manutenzione caldaia in via Roma 1');
  await openAs(page, request, 'admin', '/profile');
  const toast = page.getByTestId('toasts').getByRole('status').filter({ hasText: 'Intervento assegnato' });
  await expect(toast).toContainText('Manutenzione caldaia in via Roma 1');
  await expect(toast).toContainText('Ora');
  await expect(toast.locator('[data-icon="comment"]')).toBeAttached();
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  await expect(toast).toBeHidden({ timeout: 8_000 });
});

test("a server error shows the system error toast: 'Errore di sistema' and the detail", async ({ page, request }) => {
  await failContacts(page);
  await openAs(page, request, 'admin', '/address-book/contacts');
  const toast = page.getByTestId('toasts').getByRole('alert');
  await expect(toast).toContainText('Errore di sistema: HTTP 500 Database unavailable');
  await expect(toast).toContainText("Riprova più tardi o contatta l'assistenza tecnica.");
  await expect(toast.locator('[data-icon="warning-triangle"]')).toBeAttached();
  await expect(toast).not.toContainText('Ora');
  // One failure, one message: react-admin's own notification does not repeat it.
  await expect(page.getByText('Errore di sistema', { exact: true })).toHaveCount(0);
});

test('an unreachable service shows the system error toast too', async ({ page, request }) => {
  await page.route('**/address-book/api/contacts?*', (route) => route.abort('connectionrefused'));
  await openAs(page, request, 'admin', '/address-book/contacts');
  await expect(page.getByTestId('toasts').getByRole('alert')).toContainText(
    'Errore di sistema: Errore di comunicazione con il server',
  );
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the same screens and toasts, in English', async ({ page, request }) => {
    await liveNotification(page, 'Activity assigned', 'Boiler service');
    await failContacts(page);
    await openAs(page, request, 'tecnico', '/sales/customers');
    await expect(page.getByText('Access denied').first()).toBeVisible();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Assigned activities' })).toBeVisible();
    const normal = page.getByTestId('toasts').getByRole('status').filter({ hasText: 'Activity assigned' });
    await expect(normal).toContainText('Now');

    await page.goto('/#/no/such/page');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the system error toast in English', async ({ page, request }) => {
    await failContacts(page);
    await openAs(page, request, 'admin', '/address-book/contacts');
    const toast = page.getByTestId('toasts').getByRole('alert');
    await expect(toast).toContainText('System error: HTTP 500 Database unavailable');
    await expect(toast).toContainText('Try again later or contact technical support.');
  });
});
