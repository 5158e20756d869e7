/**
 * How column values reach the code, identical on PGlite and PostgreSQL: calendar dates stay
 * 'YYYY-MM-DD' (a JS Date would shift them by the time zone), instants become ISO-8601 UTC strings,
 * and exact numbers stay strings (money must never pass through a float).
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

const TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)(?:([+-]\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/;

/** `2024-05-01 08:30:00.5+02` -> `2024-05-01T06:30:00.500Z`; a timestamp without zone is read as UTC. */
export function timestampToIso(value: string): string {
  const m = TIMESTAMP.exec(value);
  // infinity, BC dates and years past 9999 have no ISO form a client could use: passed through as is.
  if (!m) return value;
  const [, date, time, hours, minutes, seconds] = m;
  const sign = hours?.startsWith('-') ? -1 : 1;
  const offsetSeconds = hours
    ? sign * (Number(hours.slice(1)) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0))
    : 0;
  const utc = Date.parse(`${date}T${time}Z`) - offsetSeconds * 1000;
  return Number.isNaN(utc) ? value : new Date(utc).toISOString();
}

const identity = (value: string): string => value;

export const typeParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: identity,
  [OID.numeric]: identity,
  [OID.date]: identity,
  [OID.timestamp]: timestampToIso,
  [OID.timestamptz]: timestampToIso,
};
