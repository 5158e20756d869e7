import { isIP } from 'node:net';

/** What Fastify's `trustProxy` takes: every proxy, the proxies' addresses and CIDRs, or a function of each hop. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const CIDR = /^(.+)\/(\d{1,3})$/;
/** Names proxy-addr knows for address ranges. */
const RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (RANGES.has(entry)) return true;
  const cidr = CIDR.exec(entry);
  if (!cidr) return isIP(entry) !== 0;
  const family = isIP(cidr[1]);
  return family !== 0 && Number(cidr[2]) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (the default: X-Forwarded-For is ignored), `true` (trust every hop: only
 * when a proxy always overwrites the header), a number of hops to trust, or a comma list of the
 * proxies' addresses, CIDRs or `loopback`/`linklocal`/`uniquelocal`. Anything else is refused at
 * start, so a typo cannot silently trust nobody or everybody (docs/tenancy-and-security.md#client-addresses).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  // Fastify 5 treats a bare number as "trust nobody"; the usual meaning (the nearest N hops are
  // proxies, as in Express) is a function of the hop. Only sound when clients cannot reach the
  // server except through those proxies.
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !validEntry(entry));
  if (entries.length === 0 || bad.length > 0)
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or a comma list of addresses and CIDRs; not ${bad.join(', ') || text}`,
    );
  return entries;
}
