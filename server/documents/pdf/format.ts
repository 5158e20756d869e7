/**
 * How documents print values: Italian style whatever the reader's language (a decimal comma, a dot
 * between thousands), decimals taken as the strings they are end to end (docs/domain.md#money-and-decimals).
 */

const ROME = 'Europe/Rome';

/** "1234.500" -> "1.234,5"; `fixed` keeps that many decimals ("12.5", 2 -> "12,50"); blank for no value. */
export function formatDecimal(value: unknown, fixed?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const decimals = fixed === undefined ? fraction.replace(/0+$/, '') : fraction.padEnd(fixed, '0').slice(0, fixed);
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** A quantity with its unit: "2,5 kg", "10 pz". */
export function formatQuantity(value: unknown, uom?: unknown): string {
  const quantity = formatDecimal(value);
  return uom ? `${quantity} ${String(uom)}` : quantity;
}

/** Money in euro: "€ 1.234,50". */
export function formatMoney(value: unknown): string {
  const amount = formatDecimal(value, 2);
  return amount ? `€ ${amount}` : '';
}

const DATE = new Intl.DateTimeFormat('it-IT', { timeZone: ROME, day: '2-digit', month: '2-digit', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROME,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-03-02" -> "02/03/2026"; an instant -> its day in Italy. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : DATE.format(instant);
}

/** An instant as read in Italy: "02/03/2026, 14:05". */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : DATE_TIME.format(instant);
}
