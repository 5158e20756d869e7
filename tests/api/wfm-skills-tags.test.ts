import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { api, buildWfmWorld, paths, type Row } from './wfm-fixture';

/** Skills and tags share wfm/skills (docs/domain.md#technicians-and-skills): each field names only its kind. */

let server: TestServer;
let w: Awaited<ReturnType<typeof buildWfmWorld>>;
let http: ReturnType<typeof api>;
let skill: Row;
let tag: Row;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  w = await buildWfmWorld(server);
  skill = await http.create('/wfm/api/skills', w.admin, { name: 'Frigorista', kind: 'skill' });
  tag = await http.create('/wfm/api/skills', w.admin, { name: 'Cliente prioritario', kind: 'tag' });
  // The planning checks want the required skill on the team (docs/domain.md#planning-checks).
  await http.ok('POST', `/wfm/api/technicians/${w.tecnico.id}`, w.admin, {
    version: w.tecnico.version,
    skills: [{ skillId: skill.id }],
  });
});
afterAll(async () => {
  await server?.close();
});

describe('skills and tags in one table, never mixed in one field', () => {
  it('takes a skill as a required skill and a tag as a tag', async () => {
    const activity = await w.activity([w.tecnico.id], { requiredSkillIds: [skill.id], tagIds: [tag.id] });
    expect(activity).toMatchObject({ requiredSkillIds: [skill.id], tagIds: [tag.id] });
  });

  it('refuses a tag among the required skills and a skill among the tags, naming the field', async () => {
    const res = await http.post('/wfm/api/activities', w.admin, {
      customerId: w.customerA.id,
      siteId: w.siteA.id,
      machineIds: [w.machine.id],
      type: 'maintenance',
      priority: 'normal',
      billingMode: 'chargeable',
      title: 'Manutenzione',
      technicianIds: [w.tecnico.id],
      scheduledStart: '2026-03-02T08:00:00Z',
      scheduledEnd: '2026-03-02T12:00:00Z',
      requiredSkillIds: [tag.id],
      tagIds: [skill.id],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res.body).sort()).toEqual(['requiredSkillIds', 'tagIds']);
    expect(res.json().errors[0].key).toBe('validation.referenceNotOffered');
  });

  it('refuses a skill as a machine tag and a tag as a technician skill', async () => {
    const machine = await http.post(`/wfm/api/machines/${w.machine.id}`, w.admin, {
      version: w.machine.version,
      tagIds: [skill.id],
    });
    expect(machine.statusCode, machine.body).toBe(400);
    expect(paths(machine.body)).toEqual(['tagIds']);
    const technician = await http.post(`/wfm/api/technicians/${w.other.id}`, w.admin, {
      version: w.other.version,
      skills: [{ skillId: tag.id, level: 3 }],
    });
    expect(technician.statusCode, technician.body).toBe(400);
    expect(paths(technician.body)).toEqual(['skills.0.skillId']);
  });
});
