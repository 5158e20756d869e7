import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may; under our CSP (no 'unsafe-eval') its
 * probe for that is itself reported as a violation. The SPA parses small forms: the interpreter is
 * fast enough, and the CSP stays strict and quiet. Imported first by app/definitions.ts (the lazily loaded registry), before any schema runs.
 */
z.config({ jitless: true });
