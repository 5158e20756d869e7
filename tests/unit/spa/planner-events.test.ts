import { describe, expect, it } from 'vitest';
import type { PlannerActivity } from '../../../src/modules/wfm/planner/api';
import { jobEvents, rangeOf, reassigned } from '../../../src/modules/wfm/planner/events';

/** The planner's pure logic (docs/spa.md#the-planner): the window a view fetches and how a drop changes a team. */

const activity = (technicianIds: string[], leadTechnicianId: string | null = null) =>
  ({
    id: 'a',
    technicianIds,
    leadTechnicianId,
    scheduledStart: '2026-03-02T08:00:00Z',
    scheduledEnd: '2026-03-02T09:00:00Z',
  }) as PlannerActivity;

describe('rangeOf', () => {
  it('fetches the day, or the week from Monday', () => {
    const wednesday = new Date(2026, 2, 4, 15, 30);
    expect(rangeOf('day', wednesday)).toEqual({ from: new Date(2026, 2, 4), to: new Date(2026, 2, 5) });
    expect(rangeOf('week', wednesday)).toEqual({ from: new Date(2026, 2, 2), to: new Date(2026, 2, 9) });
    expect(rangeOf('work_week', wednesday)).toEqual(rangeOf('week', wednesday));
  });
});

describe('reassigned', () => {
  it('gives a queued job the technician it is dropped on', () => {
    expect(reassigned(activity([]), null, 't1')).toEqual({ technicianIds: ['t1'], leadTechnicianId: 't1' });
  });

  it('puts the new technician in the old one’s place, lead role included', () => {
    expect(reassigned(activity(['t1', 't2'], 't1'), 't1', 't3')).toEqual({
      technicianIds: ['t3', 't2'],
      leadTechnicianId: 't3',
    });
  });

  it('never lists a technician twice', () => {
    expect(reassigned(activity(['t1', 't2'], 't1'), 't2', 't1')).toEqual({
      technicianIds: ['t1'],
      leadTechnicianId: 't1',
    });
  });
});

describe('jobEvents', () => {
  it('makes one event per shown technician of a job', () => {
    const events = jobEvents([activity(['t1', 't2'], 't1')], new Set(['t2']));
    expect(events.map((e) => e.resourceId)).toEqual(['t2']);
  });
});
