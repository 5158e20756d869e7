import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths, type Row } from './wfm-fixture';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;

const ACTIVITIES = '/wfm/api/activities';
const act = (id: string, action: string) => `${ACTIVITIES}/${id}/actions/${action}`;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const done = {
  actualStart: '2026-01-12T08:00:00Z',
  actualEnd: '2026-01-12T10:30:00Z',
  resolution: 'Sostituito il filtro.',
};

/** An activity moved along `path` by the administrator, as it is after the last step. */
async function through(path: [string, Record<string, unknown>?][], technicianIds = [w.tecnico.id]): Promise<Row> {
  let record = await w.activity(technicianIds);
  for (const [action, input] of path)
    record = await http.ok('POST', act(record.id, action), w.admin, { version: record.version, ...input });
  return record;
}

describe('lifecycle actions: POST .../{id}/actions/{action}', () => {
  it('lets the assigned technician complete their activity, with who and when', async () => {
    const a = await w.activity([w.tecnico.id]);
    const completed = await http.ok('POST', act(a.id, 'complete'), w.tecnicoAuth, { version: a.version, ...done });
    expect(completed).toMatchObject({
      status: 'completed',
      version: a.version + 1,
      actualStart: '2026-01-12T08:00:00.000Z',
      actualEnd: '2026-01-12T10:30:00.000Z',
      resolution: 'Sostituito il filtro.',
      completedBy: 'tecnico',
    });
    expect(completed.completedAt).toEqual(expect.any(String));
  });

  it('answers 404 for an activity the technician is not assigned to, as for any other out of reach', async () => {
    const theirs = await w.activity([w.other.id]);
    const res = await http.post(act(theirs.id, 'complete'), w.tecnicoAuth, { version: theirs.version, ...done });
    expect(res.statusCode).toBe(404);
    expect((await http.ok('GET', `${ACTIVITIES}/${theirs.id}`, w.admin)).status).toBe('assigned');
  });

  it('checks roles: a technician may not approve, cancel or close (403); a regular user runs nothing', async () => {
    const completed = await through([['complete', done]]);
    for (const action of ['approve', 'cancel', 'close', 'markNotBillable', 'requestChanges'])
      expect(
        (await http.post(act(completed.id, action), w.tecnicoAuth, { version: completed.version })).statusCode,
      ).toBe(403);
    const utente = await server.auth('acme', 'utente');
    expect(
      (await http.post(act(completed.id, 'complete'), utente, { version: completed.version, ...done })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an action the definition does not declare', async () => {
    const a = await w.activity([w.tecnico.id]);
    const res = await http.post(act(a.id, 'teleport'), w.admin, { version: a.version });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('answers 409 naming the current status when the action does not start from it', async () => {
    const approved = await through([['complete', done], ['approve']]);
    const res = await server.app.inject({
      method: 'POST',
      url: act(approved.id, 'complete'),
      headers: { ...w.admin, 'content-type': 'application/json', 'accept-language': 'it' },
      payload: JSON.stringify({ version: approved.version, ...done }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'status',
        key: 'actions.notFrom',
        message: 'Non è possibile mentre lo stato è «Approvato»',
      }),
    ]);
    expect(res.json().detail).toContain('approved');
  });

  it('validates the input like a body: required fields, kinds, cross-field rules, unknown keys', async () => {
    const a = await w.activity([w.tecnico.id]);
    const missing = await http.post(act(a.id, 'complete'), w.tecnicoAuth, { version: a.version });
    expect(missing.statusCode).toBe(400);
    expect(paths(missing.body).sort()).toEqual(['actualEnd', 'actualStart', 'resolution']);
    const backwards = await http.post(act(a.id, 'complete'), w.tecnicoAuth, {
      version: a.version,
      ...done,
      actualEnd: '2026-01-12T07:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(paths(backwards.body)).toEqual(['actualEnd']);
    const unknown = await http.post(act(a.id, 'complete'), w.tecnicoAuth, {
      version: a.version,
      ...done,
      status: 'closed',
    });
    expect(unknown.statusCode).toBe(400);
    const noVersion = await http.post(act(a.id, 'complete'), w.tecnicoAuth, done);
    expect(paths(noVersion.body)).toEqual(['version']);
    const notObject = await http.post(act(a.id, 'complete'), w.tecnicoAuth, [1]);
    expect(notObject.statusCode).toBe(400);
    // Nothing was written by the refused attempts.
    expect(await http.ok('GET', `${ACTIVITIES}/${a.id}`, w.admin)).toMatchObject({
      status: 'assigned',
      version: a.version,
    });
  });

  it('answers 409 on a stale version', async () => {
    const a = await w.activity([w.tecnico.id]);
    const edited = await http.ok('POST', `${ACTIVITIES}/${a.id}`, w.admin, {
      version: a.version,
      title: 'Nuovo titolo',
    });
    const stale = await http.post(act(a.id, 'complete'), w.tecnicoAuth, { version: a.version, ...done });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toContain(`current one is ${edited.version}`);
  });

  it('refuses to complete with required checklist items not done', async () => {
    const a = await w.activity([w.tecnico.id], {
      checklist: [
        { description: 'Pulizia filtri', required: true, done: false },
        { description: 'Foto targa', required: false, done: false },
      ],
    });
    const res = await http.post(act(a.id, 'complete'), w.tecnicoAuth, { version: a.version, ...done });
    expect(res.statusCode).toBe(400);
    expect(paths(res.body)).toEqual(['checklist']);
  });

  it('approves, marks not billable (with a reason when chargeable), undoes it and closes', async () => {
    const approved = await through([['complete', done], ['approve']]);
    expect(approved).toMatchObject({ status: 'approved', approvedBy: 'admin' });
    const noReason = await http.post(act(approved.id, 'markNotBillable'), w.admin, { version: approved.version });
    expect(noReason.statusCode).toBe(400);
    expect(paths(noReason.body)).toEqual(['notBillableReason']);
    const notBilled = await http.ok('POST', act(approved.id, 'markNotBillable'), w.admin, {
      version: approved.version,
      notBillableReason: 'Intervento in garanzia del produttore',
    });
    expect(notBilled).toMatchObject({
      status: 'approvedNotBilled',
      notBillableReason: 'Intervento in garanzia del produttore',
    });
    const back = await http.ok('POST', act(approved.id, 'undoNotBillable'), w.admin, { version: notBilled.version });
    expect(back).toMatchObject({ status: 'approved', notBillableReason: null });
    const again = await http.ok('POST', act(approved.id, 'markNotBillable'), w.admin, {
      version: back.version,
      notBillableReason: 'Cortesia',
    });
    const closed = await http.ok('POST', act(approved.id, 'close'), w.admin, { version: again.version });
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).toEqual(expect.any(String));
    // Closed is an archive: no edits, no cancel.
    const edit = await http.post(`${ACTIVITIES}/${approved.id}`, w.admin, { version: closed.version, title: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(
      (await http.post(act(approved.id, 'cancel'), w.admin, { version: closed.version, cancelReason: 'x' })).statusCode,
    ).toBe(409);
  });

  it('bills an approved activity by an external invoice, then closes it', async () => {
    const approved = await through([['complete', done], ['approve']]);
    const noRef = await http.post(act(approved.id, 'markBilled'), w.admin, { version: approved.version });
    expect(paths(noRef.body)).toEqual(['externalInvoiceRef']);
    const billed = await http.ok('POST', act(approved.id, 'markBilled'), w.admin, {
      version: approved.version,
      externalInvoiceRef: 'FT 2026/118',
    });
    expect(billed).toMatchObject({ status: 'billed', externalInvoiceRef: 'FT 2026/118' });
    expect(billed.billedAt).toEqual(expect.any(String));
    expect((await http.ok('POST', act(approved.id, 'close'), w.admin, { version: billed.version })).status).toBe(
      'closed',
    );
  });

  it('sends a completed activity back with the changes requested', async () => {
    const completed = await through([['complete', done]]);
    const back = await http.ok('POST', act(completed.id, 'requestChanges'), w.admin, {
      version: completed.version,
      rejectionReason: 'Manca la foto della targa',
    });
    expect(back).toMatchObject({ status: 'assigned', rejectionReason: 'Manca la foto della targa', completedAt: null });
  });

  it('cancels with a required reason, from assigned, completed or approved', async () => {
    const a = await w.activity([w.tecnico.id]);
    const noReason = await http.post(act(a.id, 'cancel'), w.admin, { version: a.version });
    expect(noReason.statusCode).toBe(400);
    expect(paths(noReason.body)).toEqual(['cancelReason']);
    const blank = await http.post(act(a.id, 'cancel'), w.admin, { version: a.version, cancelReason: '   ' });
    expect(paths(blank.body)).toEqual(['cancelReason']);
    const cancelled = await http.ok('POST', act(a.id, 'cancel'), w.admin, {
      version: a.version,
      cancelReason: 'Il cliente ha rinviato',
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Il cliente ha rinviato',
      cancelledBy: 'admin',
    });
    const approved = await through([['complete', done], ['approve']]);
    expect(
      (
        await http.ok('POST', act(approved.id, 'cancel'), w.admin, {
          version: approved.version,
          cancelReason: 'Doppione',
        })
      ).status,
    ).toBe('cancelled');
  });

  it('is documented in /docs with its actions', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    const route = Object.entries(doc.paths).find(
      ([path]) => path.startsWith('/wfm/api/activities/') && path.includes('actions'),
    );
    expect(route?.[1].post).toMatchObject({ summary: expect.any(String), tags: ['wfm/activities'] });
  });
});
