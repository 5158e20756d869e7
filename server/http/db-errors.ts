/**
 * PostgreSQL's refusals of a value (SQLSTATE classes 22 and 23), as client errors. Validation should
 * catch bad values before SQL; this is the backstop that keeps a missed case a 4xx instead of a 500,
 * and the one place that turns a unique index into a 409 naming the field.
 */

export interface DatabaseError extends Error {
  code: string;
  severity?: string;
  detail?: string;
  column?: string;
  constraint?: string;
}

export interface DatabaseProblem {
  status: number;
  detail: string;
  errors: { path: string; message: string; key: string; params: Record<string, string | number> }[];
}

/** pg's and PGlite's errors both carry the SQLSTATE in `code` and a `severity`. */
export function isDatabaseError(error: unknown): error is DatabaseError {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as Partial<DatabaseError>;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The columns of `Key (tenant_id, email)=(...) already exists`, without the tenant. */
function keyColumns(error: DatabaseError): string[] {
  const match = /^Key \(([^)]*)\)=/.exec(error.detail ?? '');
  if (!match) return error.column ? [camel(error.column)] : [];
  return match[1]
    .split(',')
    .map((c) => c.trim().replace(/^"|"$/g, ''))
    .filter((c) => c !== 'tenant_id' && !c.startsWith('lower('))
    .map(camel);
}

function items(paths: string[], key: string, message: string) {
  return paths.map((path) => ({ path, message, key, params: {} }));
}

/** The problem a database error stands for, or undefined when it is not the client's doing. */
export function databaseProblem(error: DatabaseError): DatabaseProblem | undefined {
  const { code } = error;
  if (code === '23505') {
    const fields = keyColumns(error);
    return {
      status: 409,
      detail: `Another record already has this value${fields.length ? ` (${fields.join(', ')})` : ''}.`,
      errors: items(fields, 'validation.unique', 'Already in use'),
    };
  }
  if (code === '23503') {
    // Deleting a record others point to, or writing a reference to a record that does not exist.
    if (/is still referenced/.test(error.detail ?? ''))
      return { status: 409, detail: 'Other records still refer to this one.', errors: [] };
    return {
      status: 400,
      detail: 'A reference points to a record that does not exist.',
      errors: items(keyColumns(error), 'validation.reference', 'Must refer to an existing record'),
    };
  }
  if (code === '23502') {
    const fields = error.column ? [camel(error.column)] : [];
    return {
      status: 400,
      detail: 'A required value is missing.',
      errors: items(fields, 'validation.required', 'Required'),
    };
  }
  if (code === '23514' || code === '23P01') {
    return { status: 400, detail: 'A value breaks a rule of the record.', errors: [] };
  }
  if (code === '40001' || code === '40P01') {
    // Not the client's fault but not a bug either: two changes collided; a retry will do.
    return { status: 503, detail: 'The change collided with another one; please retry.', errors: [] };
  }
  if (code.startsWith('22')) {
    return { status: 400, detail: 'A value is out of range or malformed for its field.', errors: [] };
  }
  return undefined;
}
