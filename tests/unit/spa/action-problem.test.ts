import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../../dataProviders/http';
import { problemMessage } from '../../../src/views/actions/ActionDialog';

const labels: Record<string, string> = { lines: 'Righe', date: 'Data' };
const labelOf = (field: string) => labels[field] ?? field;

describe('the message of a refused action', () => {
  it('tells the line of each problem on a lines field, after the problems on the record (checks before issue)', () => {
    const error = toHttpError(
      { status: 409, statusText: 'Conflict' },
      {
        detail: 'The SdI would reject this invoice.',
        errors: [
          { path: 'customerId', message: 'Il cliente non ha Partita IVA né codice fiscale' },
          { path: 'lines.2.vatNature', message: 'Una riga con IVA 0% deve indicare la natura' },
          { path: 'lines.0.description', message: 'Contiene caratteri non ammessi' },
        ],
      },
    );
    expect(problemMessage(error, [], labelOf)).toBe(
      'Il cliente non ha Partita IVA né codice fiscale · Righe 1: Contiene caratteri non ammessi · Righe 3: Una riga con IVA 0% deve indicare la natura',
    );
  });

  it('keeps the inputs of the dialog to their fields', () => {
    const error = toHttpError(
      { status: 400, statusText: 'Bad Request' },
      { errors: [{ path: 'date', message: 'Obbligatorio' }] },
    );
    expect(problemMessage(error, ['date'], labelOf)).toBe('Data: Obbligatorio');
  });
});
