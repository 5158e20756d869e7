import { describe, expect, it } from 'vitest';
import invoices from '../../../resources/sales/invoices';
import quotes from '../../../resources/sales/quotes';
import {
  availableActions,
  defineResource,
  editableByAlternative,
  f,
  isDeletable,
  isEditable,
  openedBy,
} from '../../../resources/schema';

const base = {
  name: 'test/documents',
  service: 'sales',
  endpoint: 'documents',
  recordRepresentation: ['code'],
  fields: { code: f.text(), status: f.enum(['draft', 'done'] as const, { readOnly: true, default: 'draft' }) },
  views: { list: { columns: ['code'], sort: { field: 'code', order: 'ASC' } }, form: { sections: [] } },
} as const;

describe('editableWhile (docs/architecture.md#locked-records)', () => {
  it('admits the records whose field holds one of its values, and every record of an unlocked resource', () => {
    expect(isEditable(invoices, { status: 'draft' })).toBe(true);
    expect(isEditable(invoices, { status: 'issued' })).toBe(false);
    expect(isEditable(invoices, { status: 'cancelledByCreditNote' })).toBe(false);
    expect(isEditable(invoices, undefined)).toBe(true);
    expect(isEditable(defineResource(base), { status: 'done' })).toBe(true);
  });

  it('admits the alternative states too (a rejected issued invoice), for edits but not deletes', () => {
    const rejected = { status: 'issued', sdiStatus: 'rejected' };
    expect(isEditable(invoices, rejected)).toBe(true);
    expect(editableByAlternative(invoices, rejected)).toBe(true);
    expect(isDeletable(invoices, rejected)).toBe(false);
    expect(isEditable(invoices, { status: 'issued', sdiStatus: 'sent' })).toBe(false);
    expect(editableByAlternative(invoices, { status: 'draft', sdiStatus: 'notSent' })).toBe(false);
    expect(isDeletable(invoices, { status: 'draft' })).toBe(true);
  });

  it('is checked when declared: an enum field, its own values, a validation key', () => {
    const lock = (editableWhile: object) => () => defineResource({ ...base, editableWhile } as never);
    expect(lock({ values: ['draft'], message: 'validation.test.locked' })).not.toThrow();
    expect(lock({ field: 'code', values: ['x'], message: 'validation.test.locked' })).toThrow(/not an enum/);
    expect(lock({ values: ['sent'], message: 'validation.test.locked' })).toThrow(/sent is not a status/);
    expect(lock({ values: [], message: 'validation.test.locked' })).toThrow(/no value/);
    expect(lock({ values: ['draft'], message: 'Locked!' })).toThrow(/catalogue key/);
    const or = { values: ['draft'], message: 'validation.test.locked' };
    expect(lock({ ...or, or: [{ field: 'status', values: ['done'] }] })).not.toThrow();
    expect(lock({ ...or, or: [{ field: 'code', values: ['x'] }] })).toThrow(/not an enum/);
  });
});

describe("an action's `when`: other fields it requires", () => {
  it('offers sendToSdi only on an issued invoice not yet sent', () => {
    const names = (record: Record<string, unknown>) =>
      availableActions(invoices, record, ['ROLE_ADMIN']).map(([n]) => n);
    expect(names({ status: 'draft', sdiStatus: 'notSent' })).not.toContain('sendToSdi');
    expect(names({ status: 'issued', sdiStatus: 'notSent' })).toContain('sendToSdi');
    expect(names({ status: 'issued', sdiStatus: 'rejected' })).toEqual(expect.arrayContaining(['resendToSdi']));
    expect(names({ status: 'issued', sdiStatus: 'rejected' })).not.toContain('sendToSdi');
  });

  it('is checked when declared', () => {
    const action = (when: object) => () =>
      defineResource({
        ...base,
        fields: { ...base.fields, sent: f.enum(['no', 'yes'] as const, { default: 'no' }) },
        actions: { send: { from: ['no'], to: 'yes', field: 'sent', roles: ['ROLE_ADMIN'], when } },
      } as never);
    expect(action({ status: ['done'] })).not.toThrow();
    expect(action({ status: ['gone'] })).toThrow(/gone is not a status/);
    expect(action({ code: ['x'] })).toThrow(/when names code/);
  });
});

describe('openedBy: the record an action made', () => {
  it('is the reference it set, or the last id of the references it appended to', () => {
    const convert = quotes.actions.convertToInvoice;
    expect(openedBy(quotes, convert, { invoiceId: 'i1' })).toEqual({ resource: 'sales/invoices', id: 'i1' });
    expect(openedBy(quotes, convert, { invoiceId: null })).toBeUndefined();
    const creditNote = invoices.actions.creditNote;
    expect(openedBy(invoices, creditNote, { creditNoteIds: ['n1', 'n2'] })).toEqual({
      resource: 'sales/invoices',
      id: 'n2',
    });
    expect(openedBy(invoices, creditNote, { creditNoteIds: [] })).toBeUndefined();
    expect(openedBy(invoices, invoices.actions.issue, { creditNoteIds: ['n1'] })).toBeUndefined();
  });
});
