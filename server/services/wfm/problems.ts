import type { FieldIssue } from '../../../resources/schema';
import { HttpProblem, problems } from '../../http/errors';
import { renderIssues, type Lang } from '../../http/lang';

/** An issue on one field, its key under `validation.` (the wfm ones under `validation.wfm.`). */
export function fieldIssue(path: string, key: string, params: Record<string, string | number> = {}): FieldIssue {
  return { path, key: key.startsWith('validation.') ? key : `validation.wfm.${key}`, params };
}

/** A 400 naming each field, in the request's language. */
export function invalid(lang: Lang, issues: FieldIssue[]): HttpProblem {
  const errors = renderIssues(lang, issues);
  return problems.validation(errors, `Invalid fields: ${[...new Set(errors.map((e) => e.path))].join(', ')}`);
}

/** Throws the issues, if any, as one 400. */
export function refuse(lang: Lang, issues: FieldIssue[]): void {
  if (issues.length > 0) throw invalid(lang, issues);
}

/** A 409 naming the field whose state forbids the change. */
export function conflict(lang: Lang, path: string, key: string, detail: string): HttpProblem {
  return new HttpProblem(409, detail, renderIssues(lang, [fieldIssue(path, key)]));
}
