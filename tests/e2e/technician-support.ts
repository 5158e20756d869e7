import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { accessToken } from './shell-support';

type Row = Record<string, unknown> & { id: string };

/** The user id (`sub`) an access token names. */
const subject = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub as string;

/** A list call with `field eq value` filters, as the SPA's data provider sends it (docs/wire-contract.md). */
async function list(request: APIRequestContext, headers: Record<string, string>, url: string, eq: [string, string][]) {
  const filters = eq
    .map(
      ([field, value], i) =>
        `&filters[${i}][field]=${field}&filters[${i}][operator]=eq&filters[${i}][value]=${encodeURIComponent(value)}`,
    )
    .join('');
  const response = await request.get(`${url}?page=0&pageSize=50${filters}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as Row[];
}

async function post(request: APIRequestContext, headers: Record<string, string>, url: string, data: object) {
  const response = await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as Row;
}

/**
 * Sends activities to their technicians through the planner's confirm sending (docs/domain.md#planner), the one
 * way an activity becomes `published`, and answers them as they are now (a new version).
 */
export async function publishJobs(request: APIRequestContext, headers: Record<string, string>, ids: string[]) {
  const response = await request.post('/wfm/api/planning/publish', { headers, data: { activityIds: ids } });
  expect(response.status(), await response.text()).toBe(200);
  const rows: Row[] = [];
  for (const id of ids) {
    const read = await request.get(`/wfm/api/activities/${id}`, { headers });
    expect(read.status(), await read.text()).toBe(200);
    rows.push((await read.json()).data as Row);
  }
  return rows;
}

const romeDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(at);

/**
 * A free stretch of `minutes` today (Italian day) in a technician's calendar, from now on if the day allows,
 * else from its start: the planning checks refuse a technician in two places at once (docs/domain.md#planning-checks).
 */
export async function freeSlotToday(
  request: APIRequestContext,
  headers: Record<string, string>,
  technicianId: string,
  minutes = 60,
): Promise<{ scheduledStart: string; scheduledEnd: string }> {
  const now = Date.now();
  const today = romeDay(now);
  const step = 15 * 60_000;
  const length = minutes * 60_000;
  const from = new Date(now - 26 * 3600_000).toISOString();
  const to = new Date(now + 26 * 3600_000).toISOString();
  // The planner's window: every job of the tenant around today, with its technicians (docs/wire-contract.md#planning).
  const response = await request.get(
    `/wfm/api/planning/window?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { headers },
  );
  expect(response.status(), await response.text()).toBe(200);
  const busy = ((await response.json()).activities as Row[])
    .filter((a) => (a.technicianIds as string[]).includes(technicianId) && a.scheduledStart && a.scheduledEnd)
    .map((a) => [Date.parse(String(a.scheduledStart)), Date.parse(String(a.scheduledEnd))] as const);
  const free = (start: number) =>
    romeDay(start) === today &&
    romeDay(start + length - 1) === today &&
    busy.every(([s, e]) => start + length <= s || start >= e);
  let dayStart = Math.ceil(now / step) * step;
  while (romeDay(dayStart - step) === today) dayStart -= step;
  const candidates: number[] = [];
  for (let t = Math.ceil(now / step) * step; romeDay(t) === today; t += step) candidates.push(t);
  for (let t = dayStart; t < now; t += step) candidates.push(t);
  const start = candidates.find(free);
  if (start === undefined) throw new Error(`No free ${minutes} minutes today for technician ${technicianId}`);
  return { scheduledStart: new Date(start).toISOString(), scheduledEnd: new Date(start + length).toISOString() };
}

export interface TechnicianJob {
  activity: Row;
  machine: Row;
  item: Row;
  /** A cylinder of the machine's gas, now in the van. */
  cylinder: Row;
  vanId: string;
}

/**
 * Sets up, as the demo administrator, a published job of today for the technician record of `username`:
 * a machine with an F-gas refrigerant at its site, a required checklist item, and ten pieces of an
 * item brought into the technician's van (an incoming movement), so the job has van stock to use.
 */
export async function technicianJobOfToday(
  request: APIRequestContext,
  tenant: string,
  username: string,
  title: string,
): Promise<TechnicianJob> {
  const headers = { Authorization: `Bearer ${await accessToken(request, tenant, 'admin')}` };
  const userId = subject(await accessToken(request, tenant, username));
  const [technician] = await list(request, headers, '/wfm/api/technicians', [['userId', userId]]);
  expect(technician, `no technician record for ${username}`).toBeDefined();
  const vanId = technician.vanWarehouseId as string;
  expect(vanId, `${username} has no van`).toBeTruthy();

  // A machine whose gas the warehouse sells in cylinders, and one such cylinder brought into the van.
  const cylinders = await list(request, headers, '/warehouse/api/items', [['isRefrigerant', 'true']]);
  const machines = await list(request, headers, '/wfm/api/machines', [
    ['refrigerantIsFgas', 'true'],
    ['status', 'active'],
  ]);
  const machine = machines.find(
    (m) => m.refrigerantChargeKg && cylinders.some((c) => c.refrigerantId === m.refrigerantId),
  )!;
  expect(machine, 'no active F-gas machine whose gas is an item').toBeDefined();
  const cylinder = cylinders.find((c) => c.refrigerantId === machine.refrigerantId)!;
  const cylinderLot = `E2E-${Date.now()}`;
  await post(request, headers, '/warehouse/api/movements', {
    type: 'in',
    date: new Date().toISOString(),
    itemId: cylinder.id,
    quantity: '5',
    uom: cylinder.uom,
    unitCost: '30.00',
    toWarehouseId: vanId,
    ...(cylinder.tracking === 'lot' ? { lotNumber: cylinderLot } : {}),
    reason: title,
  });

  const [item] = await list(request, headers, '/warehouse/api/items', [
    ['uom', 'pz'],
    ['tracking', 'none'],
    ['isRefrigerant', 'false'],
  ]);
  await post(request, headers, '/warehouse/api/movements', {
    type: 'in',
    date: new Date().toISOString(),
    itemId: item.id,
    quantity: '10',
    uom: 'pz',
    unitCost: '2.50',
    toWarehouseId: vanId,
    reason: title,
  });

  // An hour of today free in the technician's calendar: it is among "Le tue attività di oggi" whatever the hour
  // of the run; at night it is outside working hours, which the office may decide (a recorded reason).
  const slot = await freeSlotToday(request, headers, String(technician.id));
  const activity = await post(request, headers, '/wfm/api/activities', {
    customerId: machine.customerId,
    siteId: machine.siteId,
    machineIds: [machine.id],
    type: 'maintenance',
    priority: 'normal',
    billingMode: 'chargeable',
    title,
    technicianIds: [technician.id],
    ...slot,
    overrideReason: 'Prova end-to-end a qualsiasi ora',
    instructions: 'Controllare le perdite e pulire i filtri.',
    checklist: [{ description: 'Controllo perdite eseguito', required: true }],
  });
  const [published] = await publishJobs(request, headers, [activity.id]);
  return { activity: published!, machine, item, cylinder, vanId };
}

/** What the van holds of an item (its stock rows summed), as the administrator reads it. */
export async function vanOnHand(request: APIRequestContext, tenant: string, vanId: string, itemId: string) {
  const headers = { Authorization: `Bearer ${await accessToken(request, tenant, 'admin')}` };
  const rows = await list(request, headers, '/warehouse/api/stocks', [
    ['warehouseId', vanId],
    ['itemId', itemId],
  ]);
  return rows.reduce((sum, row) => sum + Number(row.onHand), 0);
}

/** The F-gas register records written for an activity. */
export async function fgasRecordsOf(request: APIRequestContext, tenant: string, activityId: string) {
  const headers = { Authorization: `Bearer ${await accessToken(request, tenant, 'admin')}` };
  return list(request, headers, '/wfm/api/fgas-activities', [['activityId', activityId]]);
}

/** The page scrolls only vertically: nothing is wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, 'horizontal scrolling').toBeLessThanOrEqual(widths.inner);
}

/** No reference failed on screen: no red error icon, no refusal text, no error alert. */
export async function expectNoErrors(page: Page) {
  await expect(page.locator('[data-testid="ErrorIcon"], [data-testid="ErrorOutlineIcon"]')).toHaveCount(0);
  await expect(page.locator('.MuiAlert-colorError')).toHaveCount(0);
  await expect(page.getByText(/Your role may not|Il tuo ruolo non/)).toHaveCount(0);
}

/** Draws a signature on the work report's pad with the mouse (a zigzag across it), as a finger would. */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height * (i % 2 ? 0.3 : 0.7), {
      steps: 3,
    });
  await page.mouse.up();
}

/** The text of a downloaded PDF, after checking it is one. */
export async function downloadedPdfText(path: string) {
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { totalPages, text };
}
