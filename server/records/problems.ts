import type { FieldIssue } from '../../resources/schema';
import { HttpProblem, problems } from '../http/errors';
import { forbiddenFields, invalidFields, renderIssues, type Lang } from '../http/lang';

/**
 * The one vocabulary services refuse a change with (docs/wire-contract.md, "Problems"): issues name a
 * field and a catalogue key, rendered in the request's language. A 400 says the values are wrong, a
 * 409 that stored state forbids the change. Hooks reach these through their context (`ctx.invalid`,
 * `ctx.refuse`, `ctx.conflict`); code without a hook context (a numbering series) uses them directly.
 */

/** An issue on one field: `key` is the full catalogue key (`validation.required`, `validation.wh.locked`). */
export type Issue = Omit<FieldIssue, 'params'> & { params?: FieldIssue['params'] };

export function issue(path: string, key: string, params: Record<string, string | number> = {}): FieldIssue {
  return { path, key, params };
}

const rendered = (lang: Lang, issues: readonly Issue[]) =>
  renderIssues(
    lang,
    issues.map((i) => ({ path: i.path, key: i.key, params: i.params ?? {} })),
  );

/** A 400 naming each field; the detail lists the fields unless one is given. */
export function invalid(lang: Lang, issues: readonly Issue[], detail?: string): HttpProblem {
  return problems.validation(rendered(lang, issues), detail ?? invalidFields(lang, issues));
}

/** Throws the issues, if any, as one 400. */
export function refuse(lang: Lang, issues: readonly Issue[], detail?: string): void {
  if (issues.length > 0) throw invalid(lang, issues, detail);
}

/** A 409 naming the fields whose stored state forbids the change. */
export function conflict(lang: Lang, issues: Issue | readonly Issue[], detail: string): HttpProblem {
  return new HttpProblem(409, detail, rendered(lang, Array.isArray(issues) ? issues : [issues as Issue]));
}

/** A 403 naming the fields the actor's role may not change (the record itself is within reach). */
export function forbidden(lang: Lang, issues: readonly Issue[], detail?: string): HttpProblem {
  return new HttpProblem(403, detail ?? forbiddenFields(lang, issues), rendered(lang, issues));
}

/** The toolkit every hook context carries, bound to the request's language. */
export interface ProblemKit {
  issue: typeof issue;
  invalid(issues: readonly Issue[], detail?: string): HttpProblem;
  refuse(issues: readonly Issue[], detail?: string): void;
  conflict(issues: Issue | readonly Issue[], detail: string): HttpProblem;
  forbidden(issues: readonly Issue[], detail?: string): HttpProblem;
}

export function problemKit(lang: Lang): ProblemKit {
  return {
    issue,
    invalid: (issues, detail) => invalid(lang, issues, detail),
    refuse: (issues, detail) => refuse(lang, issues, detail),
    conflict: (issues, detail) => conflict(lang, issues, detail),
    forbidden: (issues, detail) => forbidden(lang, issues, detail),
  };
}
