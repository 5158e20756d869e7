import { expect, test } from '@playwright/test';
import { signIn } from './shell-support';

// acme/utente: the demo seed gives every user one unread welcome notification.
test('the notifications page lists, marks as read and receives live notifications', async ({ page }) => {
  await signIn(page, 'acme', 'utente');
  const bell = page.getByRole('link', { name: /^Notifiche \(\d+ da leggere\)$/ });
  await expect(bell).toHaveAccessibleName('Notifiche (1 da leggere)');
  await bell.click();
  await expect(page).toHaveURL(/#\/notifications/);

  const welcome = page.getByTestId('notification').filter({ hasText: 'Benvenuto!' });
  await expect(welcome).toHaveAttribute('data-unread', 'true');
  await page.getByRole('button', { name: 'Da leggere (1)' }).click();
  await expect(page.getByTestId('notification')).toHaveCount(1);
  await welcome.getByRole('button', { name: /Segna come letta/ }).click();
  await expect(page.getByText('Nessuna notifica da leggere')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifiche (0 da leggere)');
  await page.getByRole('button', { name: 'Tutte', exact: true }).click();
  await expect(welcome).toHaveAttribute('data-unread', 'false');
  await expect(welcome).toContainText('Letta il');

  // Live: the stream (fetch with the bearer token, text/event-stream) delivers one; it becomes a toast.
  let authorization: string | undefined;
  await page.route('**/notifications/api/notifications/stream*', async (route) => {
    authorization = route.request().headers().authorization;
    const live = {
      id: '6f1c0000-0000-4000-8000-000000000001',
      title: 'Intervento assegnato',
      text: 'Manutenzione caldaia in via Roma 1',
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
  await page.reload();
  const toast = page.getByTestId('toasts').getByRole('status').filter({ hasText: 'Intervento assegnato' });
  await expect(toast).toContainText('Manutenzione caldaia in via Roma 1');
  await expect(toast).toContainText('Ora');
  expect(authorization).toMatch(/^Bearer ey/);
});
