/** Route parameters as react-router gives them. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/** A per-route validation (docs/spa.md#navigation-pipeline, step 1): false makes the navigation a 404. */
export type RouteValidator = (params: RouteParams) => boolean;

/** Record ids are UUIDs (any version the services generate): anything else cannot name a record. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | undefined): boolean => typeof value === 'string' && UUID.test(value);

/** Every named parameter must be a UUID: a malformed `:id` is a 404 before any call is made. */
export const uuidParams =
  (...names: string[]): RouteValidator =>
  (params) =>
    names.every((name) => isUuid(params[name]));
