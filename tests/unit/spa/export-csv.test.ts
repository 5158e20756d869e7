import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/views/export/csv';

describe('the CSV export', () => {
  it('starts with a byte order mark, separates with ; and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['Nome', 'Città'],
        ['Rossi', 'Forlì'],
      ]),
    ).toBe('\uFEFFNome;Città\r\nRossi;Forlì\r\n');
  });

  it('quotes values holding the separator, quotes or line breaks', () => {
    expect(toCsv([['a;b', 'say "hi"', 'two\nlines', '1,5']])).toBe('\uFEFF"a;b";"say ""hi""";"two\nlines";1,5\r\n');
  });

  it('keeps values a spreadsheet would run as formulas as text, but not numbers and phone numbers', () => {
    expect(toCsv([['=HYPERLINK("x")', '+cmd|x', '@sum', '-12,5', '+39 333 1234567']])).toBe(
      `\uFEFF"'=HYPERLINK(""x"")";'+cmd|x;'@sum;-12,5;+39 333 1234567\r\n`,
    );
  });

  it('writes text a spreadsheet must keep as typed as a formula of that text, whatever it holds', () => {
    expect(toCsv([[{ literal: '01234567890' }, { literal: 'a"b' }]])).toBe(
      '\uFEFF"=""01234567890""";"=""a""""b"""\r\n',
    );
  });
});
