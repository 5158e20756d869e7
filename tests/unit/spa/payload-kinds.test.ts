import { describe, expect, it } from 'vitest';
import { writablePayload } from '../../../dataProviders/payload';
import { createValidator } from '../../../src/views/form/validation';
import { kindSamples } from '../../fixtures/kind-samples';

const def = kindSamples;

describe('form payloads of the field kinds', () => {
  it('leave computed values out and empty line inputs as null', () => {
    const payload = writablePayload(def, {
      title: 'X',
      linesTotal: '10.00',
      lines: [{ id: 'a', kind: '', description: 'Filtro', quantity: '1', unitPrice: '2', lineTotal: '2.00' }],
    });
    expect(payload).toEqual({
      title: 'X',
      lines: [{ id: 'a', kind: null, description: 'Filtro', quantity: '1', unitPrice: '2', lineTotal: '2.00' }],
    });
  });

  it('validate in the form as the service does, errors nested under each line', () => {
    const validate = createValidator(def, 'create', (name) => name);
    const errors = validate({
      title: 'X',
      amount: '1.234',
      vatNumber: '12345678901',
      lines: [{ kind: '', description: '', quantity: '1,5', unitPrice: '2' }],
    });
    expect(errors).toMatchObject({
      amount: { message: 'validation.decimal', args: { scale: 2 } },
      vatNumber: { message: 'validation.vatNumber' },
      lines: { 0: { kind: { message: 'validation.required' }, description: { message: 'validation.required' } } },
    });
    expect(
      validate({
        title: 'X',
        amount: '1234.5',
        lines: [{ kind: 'goods', description: 'a', quantity: '1', unitPrice: '2' }],
      }),
    ).toEqual({});
  });
});
