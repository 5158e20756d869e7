import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, type Row } from './wfm-fixture';

/**
 * The planner's confirm sending (docs/domain.md#planner): what is pending for whom, the sending, who is told, and
 * what technicians reach before and after.
 */

const PENDING = '/wfm/api/planning/pending';
const PUBLISH = '/wfm/api/planning/publish';
const ACTIVITIES = '/wfm/api/activities';

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;
let utente: Record<string, string>;
let globex: Record<string, string>;
/** A technician signing in as `utente`, with an e-mail address of their own. */
let marco: Row;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  utente = await server.auth('acme', 'utente');
  globex = await server.auth('globex', 'admin');
  const users = await http.get(
    '/oauth2/api/users?filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=utente',
    w.admin,
  );
  marco = await http.create('/wfm/api/technicians', w.admin, {
    firstName: 'Marco',
    lastName: 'Verdi',
    phone: '+393331234568',
    email: 'marco.verdi@acme.example',
    color: '#43a047',
    userId: users.json().data[0].id,
    // The fixture's jobs are F-gas work: whoever takes them over needs a valid certificate (planning checks).
    fgasCertificateNumber: 'IT-FGAS-Marco',
    fgasCertificateCategory: 'I',
    fgasCertificateExpiryDate: '2030-01-14',
  });
});
afterAll(() => server?.close());

/** A draft activity on the given day (Rome 09:00-11:00 in April: 07:00-09:00 UTC). */
const draft = (technicianIds: string[], day: string, extra: Record<string, unknown> = {}) =>
  w.activity(
    technicianIds,
    { scheduledStart: `${day}T07:00:00Z`, scheduledEnd: `${day}T09:00:00Z`, ...extra },
    { publish: false },
  );
/** The same, sent to its technicians. */
const sent = (technicianIds: string[], day: string, extra: Record<string, unknown> = {}) =>
  w.activity(technicianIds, { scheduledStart: `${day}T07:00:00Z`, scheduledEnd: `${day}T09:00:00Z`, ...extra });

const read = (id: string, headers = w.admin) => http.ok('GET', `${ACTIVITIES}/${id}`, headers);
const update = (record: Row, changes: Record<string, unknown>) =>
  http.ok('POST', `${ACTIVITIES}/${record.id}`, w.admin, { version: record.version, ...changes });
const publish = (activityIds: unknown, headers: Record<string, string> = w.admin) =>
  http.post(PUBLISH, headers, { activityIds });

/** The planning notifications a user has. */
async function planningNotes(headers: Record<string, string>): Promise<Row[]> {
  const res = await http.get('/notifications/api/notifications?pageSize=100', headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Row[]).filter((n) => n.link === '#/wfm/activities/assigned');
}

interface Pending {
  data: { technicianId: string; technicianName: string; changes: Record<string, unknown>[] }[];
  activityIds: string[];
}

describe('planning routes', () => {
  it('are the office’s: a technician gets 403, no token 401', async () => {
    expect((await http.get(PENDING, w.tecnicoAuth)).statusCode).toBe(403);
    expect((await publish([randomUUID()], w.tecnicoAuth)).statusCode).toBe(403);
    expect((await http.get(PENDING, {})).statusCode).toBe(401);
    expect((await publish([randomUUID()], {})).statusCode).toBe(401);
  });

  it('refuse a malformed window or body with a 400 naming it', async () => {
    const badFrom = await http.get(`${PENDING}?from=yesterday`, w.admin);
    expect(badFrom.statusCode).toBe(400);
    expect(badFrom.json().errors[0]).toMatchObject({ path: 'from' });
    expect((await http.get(`${PENDING}?since=2026-01-01T00:00:00Z`, w.admin)).statusCode).toBe(400);
    const backwards = await http.get(`${PENDING}?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`, w.admin);
    expect(backwards.statusCode).toBe(400);
    for (const body of [[], ['nope'], 'x', null]) expect((await publish(body)).statusCode, String(body)).toBe(400);
    const extra = await http.post(PUBLISH, w.admin, { activityIds: [randomUUID()], force: true });
    expect(extra.statusCode).toBe(400);
    const tooMany = await publish(Array.from({ length: 1001 }, () => randomUUID()));
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('pending changes', () => {
  it('lists new, moved, removed and cancelled changes per technician, by name and start', async () => {
    const fresh = await draft([w.tecnico.id], '2026-04-06');
    const moved = await update(await sent([w.tecnico.id], '2026-04-07'), {
      scheduledStart: '2026-04-07T12:00:00Z',
      scheduledEnd: '2026-04-07T14:00:00Z',
    });
    expect(moved).toMatchObject({ planState: 'draft', publicationWarning: true });
    expect(moved.publishedStart).toBe('2026-04-07T07:00:00.000Z');
    const reassigned = await update(await sent([w.tecnico.id], '2026-04-08'), {
      technicianIds: [marco.id],
      leadTechnicianId: marco.id,
    });
    const doomed = await sent([marco.id], '2026-04-09');
    const cancelled = await http.ok('POST', `${ACTIVITIES}/${doomed.id}/actions/cancel`, w.admin, {
      version: doomed.version,
      cancelReason: 'Il cliente ha rinviato',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', planState: 'draft', publicationWarning: true });
    // Never sent, then cancelled: nobody to tell.
    const neverSent = await draft([marco.id], '2026-04-09');
    await http.ok('POST', `${ACTIVITIES}/${neverSent.id}/actions/cancel`, w.admin, {
      version: neverSent.version,
      cancelReason: 'Doppione',
    });

    const res = await http.get(`${PENDING}?from=2026-04-06T00:00:00Z&to=2026-04-10T00:00:00Z`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Pending;
    expect(body.activityIds.sort()).toEqual([fresh.id, moved.id, reassigned.id, doomed.id].sort());
    expect(body.data.map((t) => [t.technicianName, t.changes.map((c) => [c.activityId, c.change])])).toEqual([
      [
        'Luca Bianchi',
        [
          [fresh.id, 'new'],
          [moved.id, 'moved'],
          [reassigned.id, 'removed'],
        ],
      ],
      [
        'Marco Verdi',
        [
          [reassigned.id, 'new'],
          [doomed.id, 'cancelled'],
        ],
      ],
    ]);
    expect(body.data[0]!.changes[1]).toMatchObject({
      number: moved.number,
      title: 'Manutenzione semestrale',
      customerName: 'Supermercati Rossi S.r.l.',
      scheduledStart: '2026-04-07T12:00:00.000Z',
      publishedStart: '2026-04-07T07:00:00.000Z',
      publishedEnd: '2026-04-07T09:00:00.000Z',
    });

    const later = (await http.get(`${PENDING}?from=2026-04-10T00:00:00Z`, w.admin)).json() as Pending;
    expect(later.activityIds).not.toContain(fresh.id);
    const all = (await http.get(PENDING, w.admin)).json() as Pending;
    expect(all.activityIds).toEqual(expect.arrayContaining(body.activityIds));
    await publish(body.activityIds);
  });

  it('leaves a sent activity sent when what changes is not what its technicians were sent', async () => {
    const a = await sent([w.tecnico.id], '2026-04-14');
    const edited = await update(a, { instructions: 'Portare la scala lunga' });
    expect(edited).toMatchObject({ planState: 'published', publicationWarning: false });
  });
});

describe('sending', () => {
  it('is all or nothing: an id the tenant does not have is a 404 and nothing is sent', async () => {
    const a = await draft([w.tecnico.id], '2026-04-15');
    const unknown = await publish([a.id, randomUUID()]);
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'activityIds', key: 'validation.wfm.unknownActivities' });
    expect(await read(a.id)).toMatchObject({ planState: 'draft', publishedAt: null });
    // Another tenant's activity does not exist for globex's administrator.
    expect((await publish([a.id], globex)).statusCode).toBe(404);
    expect(await read(a.id)).toMatchObject({ planState: 'draft', publishedAt: null });
  });

  it('stamps the sending, tells the old and the new technician once each, and a repeat tells no one', async () => {
    const a = await sent([w.tecnico.id], '2026-04-16');
    expect(a).toMatchObject({
      planState: 'published',
      publishedBy: 'admin',
      publicationWarning: false,
      publishedTechnicianIds: [w.tecnico.id],
      publishedStart: a.scheduledStart,
      publishedEnd: a.scheduledEnd,
    });
    expect(Date.now() - Date.parse(String(a.publishedAt))).toBeLessThan(60_000);
    const moved = await update(a, {
      technicianIds: [marco.id],
      leadTechnicianId: marco.id,
      scheduledStart: '2026-04-17T07:00:00Z',
      scheduledEnd: '2026-04-17T09:00:00Z',
    });
    const before = { luca: (await planningNotes(w.tecnicoAuth)).length, marco: (await planningNotes(utente)).length };

    const res = await publish([moved.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().published).toBe(1);
    expect(res.json().technicians).toEqual(
      expect.arrayContaining([
        { technicianId: w.tecnico.id, changes: 1 },
        { technicianId: marco.id, changes: 1 },
      ]),
    );
    expect(res.json().technicians).toHaveLength(2);
    expect(await read(a.id)).toMatchObject({
      planState: 'published',
      publishedTechnicianIds: [marco.id],
      publishedStart: '2026-04-17T07:00:00.000Z',
      version: moved.version + 1,
    });
    const lucaNotes = await planningNotes(w.tecnicoAuth);
    const marcoNotes = await planningNotes(utente);
    expect(lucaNotes).toHaveLength(before.luca + 1);
    expect(marcoNotes).toHaveLength(before.marco + 1);
    expect(lucaNotes[0]!.text).toBe('1 modifica ai tuoi interventi: 16/04/2026');
    expect(marcoNotes[0]!.text).toBe('1 modifica ai tuoi interventi: 17/04/2026');

    // Marco has an address: his jobs of the day, at Rome time, with the customer and the site.
    const [mail] = (await server.app.inject({ url: '/oauth2/dev/outbox' })).json().data;
    expect(mail.to).toBe('marco.verdi@acme.example');
    expect(mail.subject).toBe('I tuoi interventi: 17/04/2026');
    expect(mail.text).toContain(`Nuovo: ${String(a.number)} Manutenzione semestrale (17/04/2026 09:00)`);
    expect(mail.text).toContain(
      `09:00-11:00  ${String(a.number)}  Supermercati Rossi S.r.l., Via Roma 10, 20121 Milano (MI)`,
    );

    const again = await publish([moved.id]);
    expect(again.json()).toEqual({ published: 0, technicians: [] });
    expect(await planningNotes(w.tecnicoAuth)).toHaveLength(before.luca + 1);
    expect(await planningNotes(utente)).toHaveLength(before.marco + 1);
  });

  it('notifies once when two sendings of the same activities run at once', async () => {
    const a = await draft([marco.id], '2026-04-20');
    const b = await draft([marco.id], '2026-04-21');
    const before = (await planningNotes(utente)).length;
    // Several at once (a double click, a retry): the locks make them queue; exactly one finds work to send.
    const answers = await Promise.all([0, 1, 2, 3].map((i) => publish(i % 2 ? [a.id, b.id] : [b.id, a.id])));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((res) => res.json().published as number).sort()).toEqual([0, 0, 0, 2]);
    const notes = await planningNotes(utente);
    expect(notes).toHaveLength(before + 1);
    expect(notes[0]!.text).toBe('2 modifiche ai tuoi interventi: 20/04/2026, 21/04/2026');
  });
});

describe('what technicians reach', () => {
  const ids = async () =>
    ((await http.ok('GET', `${ACTIVITIES}?pageSize=100`, w.tecnicoAuth)) as unknown as Row[]).map((a) => a.id);
  const reaches = async (id: string) => (await http.get(`${ACTIVITIES}/${id}`, w.tecnicoAuth)).statusCode;

  it('is the job once it is sent; an office move hides it again until it is sent again', async () => {
    const a = await draft([w.tecnico.id], '2026-04-22');
    expect(await reaches(a.id)).toBe(404);
    expect(await ids()).not.toContain(a.id);

    expect((await publish([a.id])).statusCode).toBe(200);
    expect(await reaches(a.id)).toBe(200);
    expect(await ids()).toContain(a.id);

    const moved = await update(await read(a.id), {
      scheduledStart: '2026-04-23T07:00:00Z',
      scheduledEnd: '2026-04-23T09:00:00Z',
    });
    expect(moved).toMatchObject({ planState: 'draft', publicationWarning: true });
    expect(await reaches(a.id)).toBe(404);
    expect(await ids()).not.toContain(a.id);

    expect((await publish([a.id])).statusCode).toBe(200);
    expect(await read(a.id, w.tecnicoAuth)).toMatchObject({
      planState: 'published',
      publicationWarning: false,
      publishedStart: '2026-04-23T07:00:00.000Z',
    });
  });
});

describe('the e-mail', () => {
  it('goes to the technician’s user when the technician has no address of their own', async () => {
    const users = await http.get(
      '/oauth2/api/users?filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=tecnico',
      w.admin,
    );
    const user = users.json().data[0] as Row;
    await http.ok('POST', `/oauth2/api/users/${user.id}`, w.admin, {
      version: user.version,
      email: 'tecnico@acme.example',
    });
    const a = await draft([w.tecnico.id], '2026-04-27');
    expect((await publish([a.id])).statusCode).toBe(200);
    const [mail] = (await server.app.inject({ url: '/oauth2/dev/outbox' })).json().data;
    expect(mail.to).toBe('tecnico@acme.example');
    expect(mail.subject).toBe('I tuoi interventi: 27/04/2026');
    expect(mail.text).toContain('Ciao Luca Bianchi,');
  });
});
