/**
 * Valid Italian codes made from a sequence number, so unique fields (VAT numbers, barcodes) get a
 * different valid value on every record the contract test creates. The algorithms are those of
 * docs/domain.md#italian-identifiers; the kinds' own `isValid*` functions check every value before it is sent.
 */

/** 11 digits: 10 from `n`, then the Partita IVA check digit. */
export function vatNumber(n: number): string {
  const body = String(1_000_000_000 + (n % 8_999_999_999)).padStart(10, '0');
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(body[i]);
    total += i % 2 === 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return `${body}${(10 - (total % 10)) % 10}`;
}

/** EAN-13: 12 digits from `n`, then the check digit (weights 1 and 3 from the left). */
export function ean13(n: number): string {
  const body = `800${String(n % 1_000_000_000).padStart(9, '0')}`;
  let total = 0;
  for (let i = 0; i < 12; i++) total += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (total % 10)) % 10}`;
}

function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** An Italian IBAN (CIN X, ABI 03069, CAB 09606, a 12-digit account from `n`) with its check digits. */
export function iban(n: number): string {
  const bban = `X0306909606${String(n % 1_000_000_000_000).padStart(12, '0')}`;
  const numeric = [...`${bban}IT00`].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  const check = String(98 - mod97(numeric)).padStart(2, '0');
  return `IT${check}${bban}`;
}
