import { HttpError } from 'react-admin';

/** The catalogue key of an activity field's label from an error path: `fgasMaterials.0.cylinderLot`. */
export function fieldLabelKey(path: readonly string[]): string {
  const base = 'resources.wfm/activities';
  const [top, , sub] = path;
  return sub !== undefined ? `${base}.lines.${top}.fields.${sub}` : `${base}.fields.${top}`;
}

/**
 * The messages of a refused request, for a toast: each of the service's own (already in the user's
 * language: it reads Accept-Language) after its field's label, else the problem's title; a catalogue
 * key for a 409 or a system error (dataProviders/http.ts), which the notification translates.
 */
export function problemMessages(error: unknown, label: (key: string) => string = (key) => key): string {
  if (!(error instanceof HttpError)) return 'app.errors.system';
  const leaves: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') leaves.push(path.length > 0 ? `${label(fieldLabelKey(path))}: ${node}` : node);
    else if (node && typeof node === 'object')
      Object.entries(node).forEach(([key, value]) => walk(value, key === 'root' ? path : [...path, key]));
  };
  if (error.status !== 409) walk((error.body as { errors?: unknown } | undefined)?.errors, []);
  return leaves.length > 0 ? [...new Set(leaves)].join(' · ') : error.message;
}

export const isConflict = (error: unknown) => error instanceof HttpError && error.status === 409;
