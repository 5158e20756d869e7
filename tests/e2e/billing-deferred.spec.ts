import { expect, test, type APIRequestContext } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';
import { freeSlotToday, publishJobs } from './technician-support';

type Row = Record<string, unknown> & { id: string; version: number };

const yesterday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now() - 86_400_000);

/** The administrator's API, for the set-up: a job of `tecnico` done yesterday (two hours), then approved. */
async function approvedJob(request: APIRequestContext): Promise<{ activity: Row; customer: Row }> {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const first = async (url: string): Promise<Row> => {
    const res = await request.get(url, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data[0] as Row;
  };
  const user = await first(
    '/oauth2/api/users?filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=tecnico',
  );
  const technician = await first(
    `/wfm/api/technicians?filters[0][field]=userId&filters[0][operator]=eq&filters[0][value]=${user.id}`,
  );
  const site = await first('/sales/api/sites?pageSize=1');
  const customerRes = await request.get(`/sales/api/customers/${String(site.customerId)}`, { headers });
  expect(customerRes.status(), await customerRes.text()).toBe(200);
  const customer = (await customerRes.json()).data as Row;
  const created = await request.post('/wfm/api/activities', {
    headers,
    data: {
      customerId: site.customerId,
      siteId: site.id,
      type: 'maintenance',
      priority: 'normal',
      billingMode: 'chargeable',
      title: 'Manutenzione da fatturare',
      technicianIds: [technician.id],
      ...(await freeSlotToday(request, headers, String(technician.id), 120)),
      overrideReason: 'Prova end-to-end a qualsiasi ora',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [activity] = (await publishJobs(request, headers, [((await created.json()).data as Row).id])) as [Row];
  const day = yesterday();
  const completed = await request.post(`/wfm/api/activities/${activity.id}/actions/complete`, {
    headers,
    data: {
      version: activity.version,
      actualStart: `${day}T12:00:00.000Z`,
      actualEnd: `${day}T14:00:00.000Z`,
      resolution: 'Pulizia filtri e controllo delle pressioni.',
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const approved = await request.post(`/wfm/api/activities/${activity.id}/actions/approve`, {
    headers,
    data: { version: ((await completed.json()).data as Row).version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { activity: (await approved.json()).data as Row, customer };
}

test('"Da fatturare": the preview of a period, the invoices created, the draft opened', async ({ page, request }) => {
  const { activity, customer } = await approvedJob(request);
  await openAs(page, request, 'admin', '/sales/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Da fatturare' })).toBeVisible({ timeout: 15_000 });
  const day = yesterday();
  await page.getByLabel('Dal', { exact: true }).fill(day);
  await page.getByLabel('Al', { exact: true }).fill(day);

  const row = page.getByTestId(`billing-customer-${customer.id}`);
  await expect(row).toContainText(String(activity.number), { timeout: 15_000 });
  await expect(row.getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: 'Crea fatture' }).click();

  const link = page.getByRole('link', { name: /Apri la bozza di/ }).first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  await link.click();
  await expect(page).toHaveURL(/#\/sales\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText('TD24').first()).toBeVisible({ timeout: 15_000 });
});
