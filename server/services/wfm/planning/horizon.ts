/**
 * How many days ahead leak checks and contract visits are proposed (the tenant config's
 * `planning.horizonDays`, docs/domain.md#generated-work). Jobs see no configuration and hooks are
 * registries built at import time: buildApp provides the live lookup once it has read the configs, as
 * it does for the F-gas company certificate.
 */
export const DEFAULT_HORIZON_DAYS = 30;

let lookup: ((tenant: string) => number | undefined) | undefined;

export function providePlanningHorizon(horizonOf: (tenant: string) => number | undefined): void {
  lookup = horizonOf;
}

export function planningHorizonDays(tenant: string): number {
  return lookup?.(tenant) ?? DEFAULT_HORIZON_DAYS;
}
