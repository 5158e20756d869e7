import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';

/**
 * The planner (docs/spa.md#the-planner): the office drags an unscheduled job onto a technician and a time, sees an
 * overlapping drop refused with its reason, sends the plan; the technician then finds the job in their list and a
 * notification in the bell, and a colleague does not see it. Runs in Rome's time zone, as the office plans.
 */

test.use({ timezoneId: 'Europe/Rome' });

// A Monday far from the seed's jobs, so the technician's day is free.
const DAY = '2027-03-01';
type Row = Record<string, unknown> & { id: string };

const subject = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub as string;

async function call(request: APIRequestContext, headers: Record<string, string>, url: string, data?: object) {
  const response = data ? await request.post(url, { headers, data }) : await request.get(url, { headers });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data as Row & Row[];
}

const eq = (field: string, value: string) =>
  `filters[0][field]=${field}&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(value)}`;

/** Two unscheduled jobs for the queue, and a second technician (a user of their own) who must not see them. */
async function world(request: APIRequestContext) {
  const admin = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const tecnicoUser = subject((await tokenFor(request, 'tecnico')).AccessToken);
  const [tecnico] = await call(request, admin, `/wfm/api/technicians?${eq('userId', tecnicoUser)}`);
  const [site] = await call(request, admin, '/sales/api/sites?pageSize=1');
  const stamp = Date.now().toString(36);
  const job = (title: string) =>
    call(request, admin, '/wfm/api/activities', {
      customerId: site.customerId,
      siteId: site.id,
      type: 'inspection',
      priority: 'urgent',
      billingMode: 'chargeable',
      title,
      estimatedMinutes: 60,
    });
  const first = await job(`Sopralluogo planner ${stamp}`);
  const second = await job(`Secondo sopralluogo ${stamp}`);
  const colleagueUser = await call(request, admin, '/oauth2/api/users', {
    username: `collega.${stamp}`,
    firstName: 'Carlo',
    lastName: 'Collega',
    roles: ['ROLE_TECHNICIAN'],
    password: 'demo1234',
  });
  await call(request, admin, '/wfm/api/technicians', {
    firstName: 'Carlo',
    lastName: 'Collega',
    phone: '+393331234599',
    color: '#8e24aa',
    userId: colleagueUser.id,
  });
  return { tecnico, first, second, colleague: String(colleagueUser.username) };
}

/** Drags the queued job titled `title` onto the technician's column at `hour` (the day view shows 06:00-22:00). */
async function dropOnto(page: Page, title: string, technicianName: string, hour: number) {
  const headers = page.locator('.rbc-time-header .rbc-row-resource .rbc-header');
  const names = await headers.allInnerTexts();
  const column = names.findIndex((name) => name.trim() === technicianName);
  expect(column, `${technicianName} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  const target = page.locator('.rbc-time-content .rbc-day-slot').nth(column);
  const box = (await target.boundingBox())!;
  const y = ((hour - 6) / 16) * box.height + 4;
  await page
    .getByTestId('planner-queue-item')
    .filter({ hasText: title })
    .dragTo(target, { targetPosition: { x: box.width / 2, y } });
}

test('the office plans a queued job, an overlap is refused, the technician gets it once sent', async ({
  browser,
  request,
}) => {
  const w = await world(request);
  const technicianName = `${w.tecnico.firstName} ${w.tecnico.lastName}`;
  const office = await browser.newPage();
  await openAs(office, request, 'admin', `/wfm/planner?date=${DAY}`);
  await expect(office.getByRole('heading', { name: 'Da pianificare' })).toBeVisible();
  await expect(office.getByRole('button', { name: 'Invia' })).toBeVisible();

  await dropOnto(office, String(w.first.title), technicianName, 10);
  await expect(office.locator('.rbc-event').filter({ hasText: String(w.first.title) })).toBeVisible();
  await expect(office.getByTestId('planner-queue-item').filter({ hasText: String(w.first.title) })).toHaveCount(0);

  // The same technician at the same time: the check refuses it, naming the other job; it stays in the queue.
  await dropOnto(office, String(w.second.title), technicianName, 10);
  await expect(office.getByText(/Non pianificato:.*dalle 10:00 alle 11:00/)).toBeVisible();
  await expect(office.getByTestId('planner-queue-item').filter({ hasText: String(w.second.title) })).toHaveCount(1);

  await office.getByRole('button', { name: 'Invia' }).click();
  const modal = office.getByRole('dialog', { name: 'Conferma invio' });
  await expect(modal.getByText(technicianName)).toBeVisible();
  await expect(modal.getByText(String(w.first.title))).toBeVisible();
  await modal.getByRole('button', { name: 'Invia ai tecnici' }).click();
  await expect(office.getByText(/Inviati \d+ interventi a \d+ tecnici/)).toBeVisible();
  await office.close();

  const technician = await browser.newPage();
  const filter = encodeURIComponent(JSON.stringify({ q: String(w.first.title) }));
  await openAs(technician, request, 'tecnico', `/wfm/activities/assigned?filter=${filter}`);
  await expect(technician.getByText(String(w.first.title))).toBeVisible();
  await expect(technician.getByRole('link', { name: /^Notifiche \([1-9]\d* da leggere\)$/ })).toBeVisible();
  await technician.close();

  const colleague = await browser.newPage();
  await openAs(colleague, request, w.colleague, `/wfm/activities/assigned?filter=${filter}`);
  await expect(colleague.locator('#react-admin-title')).toBeVisible();
  await expect(colleague.getByText(String(w.first.title))).toHaveCount(0);
  await colleague.close();
});

/** Serious or critical axe violations of the page, by rule id (docs/spa.md#accessibility). */
async function blockingViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the planner and its sending dialog have no serious accessibility violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  await openAs(page, request, 'admin', '/wfm/planner');
  await expect(page.getByRole('heading', { name: 'Da pianificare' })).toBeVisible();
  await expect(page.locator('.rbc-time-view')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByRole('dialog', { name: 'Conferma invio' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
