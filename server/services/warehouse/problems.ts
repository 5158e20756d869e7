import { HttpProblem } from '../../http/errors';
import type { HookContext } from '../../records';
import { renderIssues } from '../../http/lang';

export interface Issue {
  path: string;
  /** A key under `validation.` of the catalogues, e.g. `wh.insufficientStock`. */
  key: string;
  params?: Record<string, string | number>;
}

/** A refusal naming fields, in the request's language: 400 for invalid values, 409 for a conflict with stored state. */
export function refuse(
  ctx: Pick<HookContext, 'lang'>,
  status: 400 | 409,
  detail: string,
  issues: Issue[],
): HttpProblem {
  const errors = renderIssues(
    ctx.lang,
    issues.map((i) => ({ path: i.path, key: `validation.${i.key}`, params: i.params ?? {} })),
  );
  return new HttpProblem(status, detail, errors, status === 400 ? 'Validation failed' : undefined);
}

/** Throws a 400 when there are issues. */
export function check(ctx: Pick<HookContext, 'lang'>, issues: Issue[]): void {
  if (issues.length > 0)
    throw refuse(ctx, 400, `Invalid fields: ${[...new Set(issues.map((i) => i.path))].join(', ')}`, issues);
}
