/**
 * CSV text for spreadsheets: a UTF-8 byte order mark (so Excel reads accents right), values quoted when
 * they hold the separator, a quote or a line break, lines ended by CRLF. Italian Excel splits columns
 * on `;`, which is also the safe choice where decimals are written with a comma.
 */
export function toCsv(rows: readonly (readonly string[])[], separator = ';'): string {
  const cell = (value: string) =>
    value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  // A cell starting with = + - @ would be a formula in a spreadsheet: a leading quote keeps it text.
  // Numbers and phone numbers (-12,5, +39 333 1234567) are left as they are.
  const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s.,]+$/.test(value) ? `'${value}` : value);
  return '\uFEFF' + rows.map((row) => row.map((v) => cell(safe(v))).join(separator)).join('\r\n') + '\r\n';
}
