import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/tables';
import { currentUser, requireUser, type VerifyToken } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { parseJsonBody } from '../../../http/json-body';
import { requestLang } from '../../../http/lang';
import { invalid, issue } from '../../../records';
import { generatePeriodicWork } from '../../ticketing/generation';
import { planningHorizonDays } from './horizon';
import { proposeContractVisits, proposeLeakChecks } from './proposals';

export interface GenerateRoutesOptions {
  db: Db;
  verify: VerifyToken;
}

/**
 * `POST /wfm/api/planning/generate` (docs/wire-contract.md#planning): what the daily jobs do, for the
 * caller's tenant, now: the periodic plans' work, then the leak-check and contract-visit proposals
 * (docs/domain.md#generated-work). Administrators only. Idempotent: a repeat, or two at once, create
 * each item once (every source is locked before what exists is looked for).
 */
export async function generateRoutes(app: FastifyInstance, options: GenerateRoutesOptions): Promise<void> {
  const { db } = options;
  // The route takes no input: a client sending `Content-Type: application/json` with no body is not wrong.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preHandler', requireUser(options.verify));

  // Documented in server/openapi/known-routes.ts.
  app.post('/api/planning/generate', async (request) => {
    const user = currentUser(request);
    if (!user.roles.includes('ROLE_ADMIN')) throw problems.forbidden('Only administrators generate planned work.');
    const body = request.body;
    const empty =
      body === undefined ||
      (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
    if (!empty) {
      const names = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
      const path = names.length > 0 ? names.join(', ') : '(body)';
      throw invalid(
        requestLang(request.headers['accept-language']),
        [issue(path, 'validation.unknownField', { fields: path })],
        'The request takes no input: send no body or {}.',
      );
    }
    const now = new Date();
    const horizon = planningHorizonDays(user.tenant);
    const periodic = await generatePeriodicWork(db, user.tenant, now);
    const leakCheck = await proposeLeakChecks(db, user.tenant, now, horizon);
    const contract = await proposeContractVisits(db, user.tenant, now, horizon);
    return {
      created: { periodic: periodic.created, leakCheck: leakCheck.created, contract: contract.created },
      skipped: [...periodic.skipped, ...leakCheck.skipped, ...contract.skipped],
    };
  });
}
