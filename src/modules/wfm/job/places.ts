/**
 * Links a technician follows from the job screen (docs/spa.md#the-job-screen): a phone number to call
 * and an address to a map, a `geo:` URI (the phone's own maps app) and a web maps URL (any browser).
 * No tile server: the map is the user's app.
 */

/** `tel:` with the digits and a leading +, the rest (spaces, dots, dashes) dropped; undefined when none. */
export function telHref(phone: unknown): string | undefined {
  if (typeof phone !== 'string') return undefined;
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : undefined;
}

/** The `geo:` URI of an address searched by text (RFC 5870 with the `q` query apps understand). */
export function geoHref(address: string): string | undefined {
  return address.trim() ? `geo:0,0?q=${encodeURIComponent(address.trim())}` : undefined;
}

/** A web maps search for the address (Google Maps' documented search URL). */
export function mapsUrl(address: string): string | undefined {
  return address.trim()
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`
    : undefined;
}

/** Whether a day (YYYY-MM-DD) is before `now`'s local day: an overdue leak check. */
export function isOverdue(day: unknown, now: Date): boolean {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(day)) return false;
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return day.slice(0, 10) < today;
}
