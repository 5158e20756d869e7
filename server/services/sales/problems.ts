import type { FieldIssue } from '../../../resources/schema';
import { HttpProblem, problems } from '../../http/errors';
import { renderIssues, type Lang } from '../../http/lang';

/** An issue on one field, its key under `validation.` (the sales ones under `validation.sales.`). */
export function fieldIssue(path: string, key: string, params: Record<string, string | number> = {}): FieldIssue {
  return { path, key: key.startsWith('validation.') ? key : `validation.sales.${key}`, params };
}

/** A 400 naming each field, in the request's language. */
export function invalid(lang: Lang, issues: FieldIssue[]): HttpProblem {
  const errors = renderIssues(lang, issues);
  return problems.validation(errors, `Invalid fields: ${[...new Set(errors.map((e) => e.path))].join(', ')}`);
}

/** A 409 naming the field whose value another record already has (as the generic unique fields answer). */
export function taken(lang: Lang, path: string, detail: string): HttpProblem {
  return new HttpProblem(409, detail, renderIssues(lang, [fieldIssue(path, 'validation.unique')]));
}
