import { describe, expect, it } from 'vitest';
import { findResource, resources } from '../../../resources/index';
import { defineResource, f, hiddenFields, isOwnRecord, readableDefinition } from '../../../resources/schema';
import { routesFor } from '../../../src/app/routes';

const TECHNICIAN = ['ROLE_TECHNICIAN'];
const technicians = findResource('wfm/technicians')!;
const customers = findResource('sales/customers')!;

describe('private fields (docs/tenancy-and-security.md#private-fields)', () => {
  it('are hidden from every role but administrators, and from nobody acting without roles', () => {
    expect(hiddenFields(TECHNICIAN, technicians)).toEqual(['taxCode', 'hourlyCost']);
    expect(hiddenFields(['ROLE_TECHNICIAN', 'ROLE_ADMIN'], technicians)).toEqual([]);
    expect(hiddenFields(undefined, technicians)).toEqual([]);
    expect(hiddenFields(TECHNICIAN, findResource('sales/sites')!)).toEqual([]);
  });

  it('keep a customer’s identity and reach, and hide its commercial terms', () => {
    const hidden = hiddenFields(TECHNICIAN, customers);
    expect(hidden).toEqual(expect.arrayContaining(['creditLimit', 'paymentTermId', 'customerIban', 'notes']));
    for (const kept of ['legalName', 'vatNumber', 'taxCode', 'billingAddress', 'email', 'phone'])
      expect(hidden).not.toContain(kept);
  });

  it('are read whole on the record that names the user (their own technician record)', () => {
    expect(isOwnRecord('u1', technicians, { userId: 'u1' })).toBe(true);
    expect(isOwnRecord('u1', technicians, { userId: 'u2' })).toBe(false);
    expect(isOwnRecord(undefined, technicians, { userId: null })).toBe(false);
    expect(isOwnRecord('u1', customers, { userId: 'u1' })).toBe(false);
  });

  it('leave the SPA’s columns, filters, sections and fields for the roles that may not read them', () => {
    const readable = readableDefinition(TECHNICIAN, customers);
    expect(readable.views.list.columns).not.toContain('blocked');
    expect(readable.views.list.filters).not.toContain('vatRegime');
    expect(readable.views.form.sections.map((s) => s.id)).not.toContain('payment');
    expect(Object.keys(readable.fields)).not.toContain('creditLimit');
    expect(readable.views.list.columns).toContain('legalName');
    expect(readableDefinition(['ROLE_ADMIN'], customers)).toBe(customers);
  });

  it('are checked when a definition is declared', () => {
    const base = {
      name: 'test/things',
      service: 'wfm' as const,
      endpoint: 'things',
      recordRepresentation: ['name'] as const,
      fields: { name: f.text(), cost: f.money(), userId: f.reference('users'), siteId: f.reference('sales/sites') },
      views: { list: { columns: ['name'], sort: { field: 'name', order: 'ASC' } }, form: { sections: [] } },
    } as const;
    expect(() => defineResource({ ...base, privateFields: { fields: ['cost'], ownRecord: 'userId' } })).not.toThrow();
    expect(() => defineResource({ ...base, privateFields: { fields: ['name'] } })).toThrow(/private field name/);
    expect(() => defineResource({ ...base, privateFields: { fields: ['cost'], ownRecord: 'siteId' } })).toThrow(
      /not a reference to users/,
    );
    // @ts-expect-error -- an unknown field is refused by the type and at run time
    expect(() => defineResource({ ...base, privateFields: { fields: ['nope'] } })).toThrow(/unknown private field/);
  });

  it('never name a record or its default order, in any definition', () => {
    for (const def of resources)
      for (const name of def.privateFields?.fields ?? []) {
        expect(def.recordRepresentation, def.name).not.toContain(name);
        expect(def.views.list.sort.field, def.name).not.toBe(name);
      }
  });
});

describe('the pages technicians open', () => {
  const routes = routesFor({ definitions: resources, screens: new Set() });
  const guard = (path: string) => routes.find((route) => route.path === path)?.middleware;

  it('admit them to the read-only pages of what their jobs name, not to lists or forms', () => {
    for (const resource of ['sales/customers', 'sales/sites', 'wfm/machines', 'address-book/contacts', 'wh/items']) {
      expect(guard(`/${resource}/:id/show`), resource).toEqual(['is-technician']);
      expect(guard(`/${resource}/:id`), resource).toEqual(['is-admin']);
      expect(guard(`/${resource}`), resource).toEqual(['is-admin']);
    }
  });
});
