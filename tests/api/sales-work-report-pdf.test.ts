import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnPng, pngDataUrl } from '../fixtures/png';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths, type Row } from './wfm-fixture';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;
/** A filter sold in pieces, and a cylinder of R410A. */
let filter: Row;
let cylinder: Row;
/** Tecnico's van, holding the filters every test job takes. */
let van: Row;

const REPORTS = '/sales/api/work-reports';
const FROM_ACTIVITY = `${REPORTS}/from-activity`;
const act = (id: string, action: string) => `${REPORTS}/${id}/actions/${action}`;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  filter = await http.create('/warehouse/api/items', w.admin, {
    sku: 'FLT-CARB',
    name: 'Filtro a carboni attivi',
    uom: 'pz',
    tracking: 'none',
  });
  cylinder = await http.create('/warehouse/api/items', w.admin, {
    sku: 'GAS-R410A',
    name: 'Bombola R410A 10 kg',
    uom: 'kg',
    tracking: 'lot',
    isRefrigerant: true,
    refrigerantId: w.r410a.id,
  });
  // Completion takes the materials out of the technician's van: give tecnico one with the filters in it.
  van = await http.create('/warehouse/api/warehouses', w.admin, {
    code: 'VAN-RAP',
    name: 'Furgone rapportini',
    type: 'van',
    technicianId: w.tecnico.id,
  });
  // Both technicians load that van (the gas a job charges leaves its cylinder lot there).
  for (const id of [w.tecnico.id, w.other.id]) {
    const technician = await http.ok('GET', `/wfm/api/technicians/${id}`, w.admin);
    await http.ok('POST', `/wfm/api/technicians/${id}`, w.admin, {
      version: technician.version,
      vanWarehouseId: van.id,
    });
  }
  for (const [item, quantity, lot] of [
    [filter, '20', null],
    [cylinder, '20', 'LOT-77'],
  ] as const)
    await http.create('/warehouse/api/movements', w.admin, {
      type: 'in',
      date: '2026-01-02T08:00:00Z',
      itemId: item.id,
      quantity,
      toWarehouseId: van.id,
      unitCost: '5.00',
      state: 'done',
      ...(lot ? { lotNumber: lot } : {}),
    });
});
afterAll(async () => {
  await server?.close();
});

/** A published activity with materials and a gas line, completed by the administrator (09:00-11:30 in Rome). */
async function completedActivity(technicianIds = [w.tecnico.id]): Promise<Row> {
  const activity = await w.activity(technicianIds, {
    // No description: the report names the item.
    materials: [{ itemId: filter.id, quantity: '2', uom: 'pz', sourceWarehouseId: van.id }],
    fgasMaterials: [
      {
        machineId: w.machine.id,
        refrigerantId: w.r410a.id,
        cylinderItemId: cylinder.id,
        cylinderLot: 'LOT-77',
        quantityAddedKg: '1.250',
        addedGasOrigin: 'virgin',
      },
    ],
  });
  return http.ok('POST', `/wfm/api/activities/${activity.id}/actions/complete`, w.admin, {
    version: activity.version,
    actualStart: '2026-01-12T08:00:00Z',
    actualEnd: '2026-01-12T10:30:00Z',
    resolution: 'Sostituito il filtro e verificata la tenuta.',
  });
}

const generate = (activityId: string, as = w.tecnicoAuth) => http.post(FROM_ACTIVITY, as, { activityId });

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { totalPages, text };
}

describe('a work report made from a completed activity', () => {
  let report: Row;

  it('copies the hours, materials, gas lines and resolution into a numbered draft (201)', async () => {
    const activity = await completedActivity();
    const res = await generate(activity.id);
    expect(res.statusCode, res.body).toBe(201);
    report = res.json().data;
    expect(report.number).toMatch(/^RAP\/\d{4}\/\d{5}$/);
    expect(report).toMatchObject({
      activityId: activity.id,
      status: 'draft',
      outcome: 'resolved',
      workDescription: 'Sostituito il filtro e verificata la tenuta.',
      totalHours: '2.50',
      timeEntries: [{ technicianId: w.tecnico.id, date: '2026-01-12', startTime: '09:00', endTime: '11:30' }],
      materials: [{ itemId: filter.id, description: 'Filtro a carboni attivi', quantity: '2.000', uom: 'pz' }],
      fgasLines: [
        { machineId: w.machine.id, refrigerantId: w.r410a.id, quantityAddedKg: '1.250', cylinderLot: 'LOT-77' },
      ],
    });
  });

  it('answers the same report when asked again (200), also to two requests at once', async () => {
    const again = await generate(report.activityId as string);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(report.id);

    const activity = await completedActivity();
    const both = await Promise.all([generate(activity.id), generate(activity.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.json().data.id)).size).toBe(1);
    const list = await http.get(
      `${REPORTS}?filters[0][field]=activityId&filters[0][operator]=eq&filters[0][value]=${activity.id}`,
      w.admin,
    );
    expect(list.json().total).toBe(1);
  });

  it('is refused for an activity not completed yet (409) and for one the technician does not reach (404)', async () => {
    const open = await w.activity([w.tecnico.id]);
    const early = await generate(open.id);
    expect(early.statusCode, early.body).toBe(409);
    expect(paths(early.body)).toEqual(['activityId']);

    const theirs = await completedActivity([w.other.id]);
    expect((await generate(theirs.id)).statusCode).toBe(404);
    const byAdmin = await generate(theirs.id, w.admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const pdf = await http.get(`${REPORTS}/${byAdmin.json().data.id}/pdf`, w.tecnicoAuth);
    expect(pdf.statusCode).toBe(404);
    expect((await http.post(FROM_ACTIVITY, w.tecnicoAuth, { activityId: 'nope' })).statusCode).toBe(400);
  });

  it('renders a draft as a PDF on demand', async () => {
    const res = await http.get(`${REPORTS}/${report.id}/pdf`, w.tecnicoAuth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a signature that is not a drawn PNG, or too large (400 on signature)', async () => {
    const sign = (signature: string) =>
      http.post(act(report.id, 'sign'), w.tecnicoAuth, {
        version: report.version,
        signerName: 'Mario Rossi',
        signature,
      });
    for (const bad of [
      `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`,
      'https://example.com/signature.png',
      `data:image/png;base64,${Buffer.concat([drawnPng(), Buffer.alloc(310 * 1024)]).toString('base64')}`,
    ]) {
      const res = await sign(bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res.body)).toEqual(['signature']);
    }
  });

  it('is signed with the drawn signature: the PNG and the PDF are stored, and the PDF shows them', async () => {
    const res = await http.post(act(report.id, 'sign'), w.tecnicoAuth, {
      version: report.version,
      signerName: 'Mario Rossi',
      signature: pngDataUrl(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json().data;
    expect(signed).toMatchObject({ status: 'signed', signerName: 'Mario Rossi' });
    expect(signed.signedAt).toEqual(expect.any(String));
    expect(signed.signatureImage[0].mimeType).toBe('image/png');
    expect(signed.pdf[0].mimeType).toBe('application/pdf');
    report = signed;

    const again = await http.post(act(report.id, 'sign'), w.tecnicoAuth, {
      version: report.version,
      signerName: 'Mario Rossi',
      signature: pngDataUrl(),
    });
    expect(again.statusCode).toBe(409);
    const edit = await http.post(`${REPORTS}/${report.id}`, w.tecnicoAuth, {
      version: report.version,
      outcome: 'notPerformed',
    });
    expect(edit.statusCode).toBe(409);

    const pdf = await http.get(`${REPORTS}/${report.id}/pdf`, w.tecnicoAuth);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.headers['content-disposition']).toContain(`${String(report.number).replace(/\//g, '-')}.pdf`);
    const { totalPages, text } = await pdfText(pdf.rawPayload);
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(text).toContain(String(report.number));
    expect(text).toContain('Supermercati Rossi S.r.l.');
    expect(text).toContain('Acme Clima S.r.l.');
    expect(text).toContain('Filtro a carboni attivi');
    expect(text).toContain('1,25');
    expect(text).toContain('Mario Rossi');
  });

  it('is sent by e-mail to the customer with the PDF attached; without an address, 409', async () => {
    const noAddress = await http.post(act(report.id, 'send'), w.tecnicoAuth, { version: report.version });
    expect(noAddress.statusCode, noAddress.body).toBe(409);
    expect(paths(noAddress.body)).toEqual(['email']);

    const customer = await http.ok('GET', `/sales/api/customers/${w.customerA.id}`, w.admin);
    await http.ok('POST', `/sales/api/customers/${w.customerA.id}`, w.admin, {
      version: customer.version,
      email: 'manutenzione@supermercatirossi.example',
    });
    const res = await http.post(act(report.id, 'send'), w.tecnicoAuth, { version: report.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('sent');
    expect(res.json().data.sentAt).toEqual(expect.any(String));

    const [mail] = (await server.app.inject({ url: '/oauth2/dev/outbox' })).json().data;
    expect(mail.to).toBe('manutenzione@supermercatirossi.example');
    expect(mail.subject).toContain(String(report.number));
    expect(mail.attachments).toEqual([
      {
        fileName: `${String(report.number).replace(/\//g, '-')}.pdf`,
        mimeType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    expect(mail.attachments[0].size).toBeGreaterThan(1000);
    const twice = await http.post(act(report.id, 'send'), w.tecnicoAuth, { version: res.json().data.version });
    expect(twice.statusCode).toBe(409);
  });
});
