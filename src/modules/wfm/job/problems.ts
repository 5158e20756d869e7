import { HttpError } from 'react-admin';

/**
 * The messages of a refused request, for a toast: the service's own (already in the user's language,
 * it reads Accept-Language), one per field, else the problem's title; a catalogue key for a 409 or a
 * system error (dataProviders/http.ts), which the notification translates.
 */
export function problemMessages(error: unknown): string {
  if (!(error instanceof HttpError)) return 'app.errors.system';
  const leaves: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') leaves.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  if (error.status !== 409) walk((error.body as { errors?: unknown } | undefined)?.errors);
  return leaves.length > 0 ? [...new Set(leaves)].join(' · ') : error.message;
}

export const isConflict = (error: unknown) => error instanceof HttpError && error.status === 409;
