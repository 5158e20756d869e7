/**
 * An estimated total as a person would say it: two significant digits in the locale's format
 * (103,417 -> "100,000", "100.000" in Italian), so it never looks like a count.
 */
export function estimatedTotal(count: number, locale: string): string {
  const rounded = count < 100 ? count : Number(count.toPrecision(2));
  return new Intl.NumberFormat(locale).format(rounded);
}
