/**
 * Decimals between people and the wire: the wire carries "1234.56", people read and type "1.234,56" in
 * Italian and "1,234.56" in English. Pure functions, so the rules are unit-tested.
 */

const separators = new Map<string, string>();

/** The locale's decimal separator ("," for it, "." for en). */
export function decimalSeparator(locale: string): string {
  let sep = separators.get(locale);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(locale, sep);
  }
  return sep;
}

/**
 * What a person typed, as a wire decimal: null when empty, the text unchanged when it is no number (so
 * the form's validation reports it). Both separators are understood whatever the locale: with both, the
 * later is the decimal point; a repeated one groups thousands; a single locale grouping mark followed by
 * exactly three digits groups thousands ("1.234" is 1234 in Italian), otherwise it is a decimal point
 * ("12.5" is twelve and a half everywhere, since people type the dot of the numeric keypad).
 */
export function parseLocaleDecimal(text: string, locale: string): string | null {
  let s = text.replace(/[\s\u00a0\u202f']/g, '');
  if (s === '') return null;
  let sign = '';
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s[0] === '-' ? '-' : '';
    s = s.slice(1);
  }
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  let whole = s;
  let fraction = '';
  if (comma >= 0 && dot >= 0) {
    const point = comma > dot ? ',' : '.';
    const group = point === ',' ? '.' : ',';
    const at = s.lastIndexOf(point);
    whole = s.slice(0, at).split(group).join('');
    fraction = s.slice(at + 1);
  } else if (comma >= 0 || dot >= 0) {
    const mark = comma >= 0 ? ',' : '.';
    const parts = s.split(mark);
    const groupsThousands =
      parts.length > 2 || (mark !== decimalSeparator(locale) && /^\d{1,3}$/.test(parts[0]) && /^\d{3}$/.test(parts[1]));
    if (groupsThousands) whole = parts.join('');
    else [whole, fraction] = parts;
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return text;
  return `${sign}${whole === '' ? '0' : whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A wire decimal as the text an input shows for editing: the locale's separator, no grouping, trailing
 * zeros dropped down to `minDecimals` ("100.50000000" reads "100,50" for a price, "2.000" reads "2").
 */
export function toEditText(value: unknown, locale: string, minDecimals = 0): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  const m = /^(-?\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  let fraction = m[2] ?? '';
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return fraction ? `${m[1]}${decimalSeparator(locale)}${fraction}` : m[1];
}

/**
 * A wire decimal formatted for reading. Intl formats the string itself (exactly: no float on the way),
 * so "0.10000001" keeps its digits; anything that is no number is shown as it is.
 */
export function formatDecimal(value: unknown, locale: string, options: Intl.NumberFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  if (!/^[+-]?\d+(\.\d+)?$/.test(s)) return s;
  try {
    return new Intl.NumberFormat(locale, options).format(s as Intl.StringNumericLiteral);
  } catch {
    return s;
  }
}
