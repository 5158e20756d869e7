import { describe, expect, it } from 'vitest';
import { contacts } from '../../../resources';
import { patchPayload, writablePayload } from '../../../dataProviders/payload';
import { createValidator } from '../../../src/views/form/validation';

const def = contacts;

describe('payloads', () => {
  it('send writable definition fields only, emptied inputs as null', () => {
    expect(
      writablePayload(def, { id: 'x', version: 3, createdAt: 'y', kind: 'person', lastName: 'Rossi', email: '' }),
    ).toEqual({
      kind: 'person',
      lastName: 'Rossi',
      email: null,
    });
  });

  it('treat an address with only its default country as no address', () => {
    expect(writablePayload(def, { address: { street: '', city: null, country: 'IT' } })).toEqual({ address: null });
    expect(
      writablePayload(def, {
        address: { street: 'Via Roma', streetNumber: '', zip: '20121', city: 'Milano', province: 'MI', country: 'IT' },
      }),
    ).toEqual({
      address: { street: 'Via Roma', zip: '20121', city: 'Milano', province: 'MI', country: 'IT' },
    });
  });

  it('update with the changed fields and the version read', () => {
    const previous = { id: 'x', version: 4, kind: 'person', lastName: 'Rossi', jobTitle: null, notes: null };
    expect(patchPayload(def, { ...previous, jobTitle: 'Tecnico', notes: '<p></p>' }, previous)).toEqual({
      jobTitle: 'Tecnico',
      version: 4,
    });
  });
});

describe('form validation', () => {
  const label = (field: string) => `«${field}»`;

  it('reports the same keys the server would, nested by path, with labels for :fields', () => {
    const validate = createValidator(def, 'create', label);
    expect(
      validate({
        kind: 'person',
        firstName: 'Anna',
        lastName: '',
        address: { street: 'Via Po', zip: '123', city: 'Torino', province: 'TO', country: 'IT' },
      }),
    ).toEqual({
      lastName: { message: 'validation.required', args: {} },
      email: { message: 'validation.oneOfRequired', args: { fields: '«email», «phone», «mobile»' } },
      address: { zip: { message: 'validation.zip', args: {} } },
    });
  });

  it('accepts a valid contact', () => {
    const validate = createValidator(def, 'edit', label);
    expect(
      validate({ id: 'x', version: 1, kind: 'company', companyName: 'Frigo S.r.l.', phone: '02 1234567' }),
    ).toEqual({});
  });
});
