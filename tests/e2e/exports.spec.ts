import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { it as catalogue } from '../../i18n/it';
import { resources } from '../../resources/index';
import { representRecord, type ResourceDefinition } from '../../resources/schema';
import { routesFor } from '../../src/app/routes';
import { exportColumns } from '../../src/views/export/columns';
import { openAs, pageTitle } from './platform-support';

// Every list exports (issue 10, docs/spa.md#exports): the demo administrator exports each list of the
// registry in CSV and XLSX, in one browser session, and the files are read back.

const expect = baseExpect.configure({ timeout: 20_000 });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A catalogue text by its dotted key (resource names keep their slashes). */
function text(key: string): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no Italian text for ${key}`);
  return node;
}
const plural = (def: ResourceDefinition) => text(`resources.${def.name}.name`).split('||||').pop()!.trim();
const label = (def: ResourceDefinition, field: string) => text(`resources.${def.name}.fields.${field}`);

let page: Page;
let headers: Record<string, string>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, request }) => {
  page = await browser.newPage({ acceptDownloads: true });
  const token = await openAs(page, request, 'admin', '/');
  headers = { Authorization: `Bearer ${token.AccessToken}` };
});
test.afterAll(() => page?.close());

/** Every record of a resource, straight from its service (the export must match it). */
async function allRecords(request: APIRequestContext, def: ResourceDefinition, pageSize = 100) {
  const records: Record<string, unknown>[] = [];
  for (let p = 0; ; p++) {
    const res = await request.get(`/${def.service}/api/${def.endpoint}?page=${p}&pageSize=${pageSize}`, { headers });
    expect(res.status(), def.name).toBe(200);
    const { data, total } = (await res.json()) as { data: Record<string, unknown>[]; total: number };
    records.push(...data);
    // A page of one is enough to know the total.
    if (pageSize === 1 || records.length >= total || data.length === 0) return { records, total };
  }
}

async function openList(def: ResourceDefinition) {
  await page.goto(`/#/${def.name}`);
  await expect(pageTitle(page), def.name).toHaveText(plural(def));
  await expect(page.locator('table, .RaEmpty-message, .RaList-noResults').first(), def.name).toBeVisible();
}

/** Exports the open list in a format and returns the downloaded file's path. */
async function exportAs(format: 'CSV per Excel' | 'Cartella di lavoro Excel (XLSX)') {
  await page.getByRole('button', { name: 'Esporta' }).click();
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('menuitem', { name: format }).click();
  const file = await download;
  expect(await file.failure()).toBeNull();
  return { path: (await file.path())!, name: file.suggestedFilename() };
}

async function readCsv(path: string): Promise<string[][]> {
  const bytes = await readFile(path);
  // UTF-8 with a byte order mark, so Excel reads accents right.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.toString('utf8'), { delimiter: ';', bom: true, record_delimiter: '\r\n' });
}

/** `="0123"` is how the CSV keeps a code as text; its value is what is in the quotes. */
const csvValue = (cell: string) => /^="(.*)"$/s.exec(cell)?.[1].replaceAll('""', '"') ?? cell;

test('every list of the registry exports its rows in CSV and XLSX', async ({ request }) => {
  test.setTimeout(240_000);
  // The app's routes: the modules' table plus the administrator routes of the definitions it does not name.
  const routes = routesFor({ definitions: resources, screens: new Set() });
  const lists = resources.filter((def) =>
    routes.some((r) => r.path === `/${def.name}` && 'resource' in r.target && r.target.view === 'list'),
  );
  expect(lists.length).toBe(resources.length);
  const empty: string[] = [];
  for (const def of lists) {
    const { records, total } = await allRecords(request, def, def.name === 'wfm/activities' ? 100 : 1);
    await openList(def);
    if (total === 0) {
      // Nothing to export: the button says so instead of writing an empty file.
      await expect(page.getByRole('button', { name: 'Esporta' }), def.name).toBeDisabled();
      empty.push(def.name);
      continue;
    }
    const columns = exportColumns(def);
    const csv = await exportAs('CSV per Excel');
    expect(csv.name).toBe(`${plural(def)}.csv`);
    const [header, ...rows] = await readCsv(csv.path);
    expect(rows, def.name).toHaveLength(total);
    expect(header[0], def.name).toBe(label(def, def.views.list.columns[0]));
    expect(header, def.name).toHaveLength(columns.length);
    // References are written as the records' labels, never as their ids. (One assertion per list, not per
    // cell: each assertion is a traced step.)
    const ids = columns.flatMap((column, i) =>
      column.kind === 'reference' || column.kind === 'references'
        ? rows.filter((row) => UUID.test(row[i])).map((row) => `${column.name}: ${row[i]}`)
        : [],
    );
    expect(ids, def.name).toEqual([]);

    const xlsx = await exportAs('Cartella di lavoro Excel (XLSX)');
    expect(xlsx.name).toBe(`${plural(def)}.xlsx`);
    const [sheet] = await readXlsxFile(xlsx.path);
    const [xlsxHeader, ...xlsxRows] = sheet.data;
    expect(xlsxHeader, def.name).toEqual(header);
    expect(xlsxRows, def.name).toHaveLength(total);
    // Numbers are numbers in the workbook.
    const untyped = columns.flatMap((column, i) =>
      ['integer', 'decimal', 'money', 'percent'].includes(column.kind)
        ? xlsxRows
            .filter((row) => row[i] !== null && typeof row[i] !== 'number')
            .map((row) => `${column.name}: ${row[i]}`)
        : [],
    );
    expect(untyped, def.name).toEqual([]);
    if (def.name === 'wfm/activities') await checkActivities(request, def, header, rows, xlsxRows, records);
  }
  // The demo data fills every list.
  expect(empty).toEqual([]);
});

/** The activities' export: its rows, Italian decimals, its customers by name, typed XLSX cells. */
async function checkActivities(
  request: APIRequestContext,
  def: ResourceDefinition,
  header: string[],
  rows: string[][],
  xlsxRows: unknown[][],
  records: Record<string, unknown>[],
) {
  const column = (field: string) => header.indexOf(label(def, field));
  const total = column('materialsTotal');
  expect(total).toBeGreaterThan(-1);
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const customersDef = resources.find((d) => d.name === 'sales/customers')!;
  const customers = new Map(
    (await allRecords(request, customersDef)).records.map((c) => [c.id, representRecord(customersDef, c)]),
  );
  const wrong: string[] = [];
  for (const row of rows) {
    const record = byNumber.get(csvValue(row[column('number')]));
    if (!record) {
      wrong.push(`no activity ${row[column('number')]}`);
      continue;
    }
    // The wire's "1002.94" is the Italian "1002,94", digit for digit.
    if (row[total] !== String(record.materialsTotal).replace('.', ',') || !/^-?\d+,\d{2}$/.test(row[total]))
      wrong.push(`${String(record.number)} materialsTotal ${row[total]} for ${String(record.materialsTotal)}`);
    if (row[column('customerId')] !== customers.get(record.customerId))
      wrong.push(`${String(record.number)} customer ${row[column('customerId')]}`);
  }
  expect(wrong).toEqual([]);
  expect(rows.some((row) => row[total] !== '0,00')).toBe(true);
  // The workbook's cells are typed: amounts are numbers, the scheduled start a date.
  const start = column('scheduledStart');
  expect(xlsxRows.filter((row) => typeof row[total] !== 'number')).toEqual([]);
  expect(xlsxRows.filter((row) => row[start] !== null && !(row[start] instanceof Date))).toEqual([]);
  expect(xlsxRows.some((row) => row[start] instanceof Date)).toBe(true);
}

test('a long export shows its progress and stops on cancel, writing no file', async ({ request }) => {
  const activities = resources.find((d) => d.name === 'wfm/activities')!;
  const { total } = await allRecords(request, activities, 1);
  await openList(activities);
  // The export's pages are held until the test has cancelled, so the dialog can be watched and cancelled
  // whatever the machine's speed.
  let cancelled = () => {};
  const afterCancel = new Promise<void>((resolve) => (cancelled = resolve));
  const slow = async (route: import('@playwright/test').Route) => {
    if (/pageSize=100/.test(route.request().url())) await afterCancel;
    await route.continue().catch(() => undefined);
  };
  await page.route('**/wfm/api/activities?**', slow);
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));

  await page.getByRole('button', { name: 'Esporta' }).click();
  await page.getByRole('menuitem', { name: 'CSV per Excel' }).click();
  const dialog = page.getByRole('dialog', { name: `Esportazione: ${plural(activities)}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Lettura della lista…');
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  cancelled();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(2500);
  expect(downloads).toEqual([]);

  // Unhindered, the same export shows the rows read against the total, then writes its file. The
  // pages after the first wait until the test has seen the first page's count, whatever the machine's speed.
  await page.unroute('**/wfm/api/activities?**', slow);
  let release = () => {};
  const firstPageSeen = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/wfm/api/activities?**', async (route) => {
    const url = new URL(route.request().url());
    // Pages count from 0 on the wire (docs/wire-contract.md): every page after the first waits.
    if (Number(url.searchParams.get('page') ?? 0) > 0) await firstPageSeen;
    await route.continue().catch(() => undefined);
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta' }).click();
  await page.getByRole('menuitem', { name: 'CSV per Excel' }).click();
  if (total > 100) await expect(dialog.getByRole('status')).toHaveText(`Righe lette: 100 di ${total}`);
  release();
  expect((await download).suggestedFilename()).toBe(`${plural(activities)}.csv`);
  await expect(dialog).toBeHidden();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
