/**
 * Zod compiles object parsers with `new Function` when it may; under our CSP (no 'unsafe-eval') its
 * probe for that is itself reported as a violation. The SPA parses small forms: the interpreter is
 * fast enough, and the CSP stays strict and quiet.
 *
 * Zod 4 keeps its configuration on `globalThis.__zod_globalConfig` and keeps an object it finds there,
 * so setting it here, first thing in the entry, holds whichever chunk loads zod first and without
 * pulling zod into the first load (calling `z.config` from a lazy chunk ran after some schema chunks).
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
