import type { z } from 'zod';

/** A validation problem as both halves report it: an i18n key under `validation.` and its parameters. */
export interface FieldIssue {
  path: string;
  key: string;
  params: Record<string, string | number>;
}

/**
 * Turns Zod issues into catalogue keys, so the server's problem details and the form's messages say
 * the same thing in the user's language. Custom issues already carry their key as the message.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue | FieldIssue[] => {
    const path = issue.path.map(String).join('.');
    switch (issue.code) {
      case 'too_big':
        if (issue.origin === 'array')
          return { path, key: 'validation.maxItems', params: { max: Number(issue.maximum) } };
        return issue.origin === 'string'
          ? { path, key: 'validation.maxLength', params: { max: Number(issue.maximum) } }
          : { path, key: 'validation.maxValue', params: { max: Number(issue.maximum) } };
      case 'too_small':
        if ((issue.origin === 'string' || issue.origin === 'array') && Number(issue.minimum) === 1)
          return { path, key: 'validation.required', params: {} };
        if (issue.origin === 'array')
          return { path, key: 'validation.minItems', params: { min: Number(issue.minimum) } };
        return issue.origin === 'string'
          ? { path, key: 'validation.minLength', params: { min: Number(issue.minimum) } }
          : { path, key: 'validation.minValue', params: { min: Number(issue.minimum) } };
      case 'invalid_type':
        return isMissing(issue)
          ? { path, key: 'validation.required', params: {} }
          : { path, key: 'validation.type', params: { expected: issue.expected } };
      case 'invalid_format':
        return { path, key: formatKey(issue.format, issue.message), params: {} };
      case 'invalid_value':
        return { path, key: 'validation.oneOf', params: { values: issue.values.map(String).join(', ') } };
      case 'unrecognized_keys':
        // One entry per key, at its own path, so each lands on its own form field.
        return issue.keys.map((key) => ({
          path: [...issue.path.map(String), key].join('.'),
          key: 'validation.unknownField',
          params: { fields: key },
        }));
      case 'custom':
        return {
          path,
          key: issue.message.startsWith('validation.') ? issue.message : 'validation.invalid',
          params: (issue.params ?? {}) as Record<string, string | number>,
        };
      default:
        return { path, key: 'validation.invalid', params: {} };
    }
  });
}

/**
 * Whether a type error is about an absent value. Zod leaves the input out of issues unless asked, so
 * its message ("... received number") tells a wrong type from a missing one.
 */
function isMissing(issue: z.core.$ZodIssueInvalidType): boolean {
  if (issue.input !== undefined) return issue.input === null;
  const received = /received (\w+)$/.exec(issue.message)?.[1];
  return received === undefined || received === 'undefined' || received === 'null';
}

function formatKey(format: string, message: string): string {
  if (message.startsWith('validation.')) return message;
  switch (format) {
    case 'email':
      return 'validation.email';
    case 'date':
    case 'datetime':
      return 'validation.date';
    case 'uuid':
      return 'validation.reference';
    default:
      return 'validation.format';
  }
}

/** Fills `:name` placeholders. */
export function interpolate(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([a-zA-Z]+)/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
