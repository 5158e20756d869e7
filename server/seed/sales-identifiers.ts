import { fiscalCodeCheckLetter } from '../../resources/schema';

/** Valid Italian identifiers for demo parties, computed with their check characters (docs/domain.md#italian-identifiers). */

/** A small deterministic generator, so each tenant gets the same demo data on every fresh start. */
export function random(seed: string): () => number {
  let state = [...seed].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) >>> 0, 7);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(next: Random, list: readonly T[]): T => list[Math.floor(next() * list.length)];
export const digits = (next: Random, n: number): string =>
  Array.from({ length: n }, () => Math.floor(next() * 10)).join('');

/** Partita IVA: 7 digits of the company, 3 of the tax office, then the check digit. */
export function vatNumber(next: Random): string {
  const office = String(1 + Math.floor(next() * 100)).padStart(3, '0');
  const first10 = `${digits(next, 7)}${office}`;
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(first10[i]);
    total += i % 2 === 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return `${first10}${(10 - (total % 10)) % 10}`;
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
const consonants = (text: string) => plain(text).replace(/[AEIOU]/g, '');
const vowels = (text: string) => plain(text).replace(/[^AEIOU]/g, '');

function surnameCode(last: string): string {
  return `${consonants(last)}${vowels(last)}XXX`.slice(0, 3);
}

function nameCode(first: string): string {
  const c = consonants(first);
  if (c.length >= 4) return `${c[0]}${c[2]}${c[3]}`;
  return `${c}${vowels(first)}XXX`.slice(0, 3);
}

const MONTHS = 'ABCDEHLMPRST';

/** Codice fiscale of a person born on `birth` (YYYY-MM-DD) in the comune with that Belfiore code. */
export function fiscalCode(first: string, last: string, birth: string, female: boolean, belfiore: string): string {
  const [year, month, day] = birth.split('-').map(Number);
  const first15 = `${surnameCode(last)}${nameCode(first)}${String(year % 100).padStart(2, '0')}${MONTHS[month - 1]}${String(
    day + (female ? 40 : 0),
  ).padStart(2, '0')}${belfiore}`;
  return `${first15}${fiscalCodeCheckLetter(first15)}`;
}

/** Italian IBAN of an account at bank `abi`, branch `cab`: CIN letter and the two check digits computed. */
export function italianIban(abi: string, cab: string, account: string): string {
  const bban = `${abi}${cab}${account.padStart(12, '0')}`;
  // The CIN uses the codice fiscale's tables over the 22 characters of ABI, CAB and account.
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
  let total = 0;
  for (let i = 0; i < bban.length; i++) total += i % 2 === 0 ? odd[Number(bban[i])] : Number(bban[i]);
  const cin = String.fromCharCode(65 + (total % 26));
  const rearranged = `${cin}${bban}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `IT${String(98 - remainder).padStart(2, '0')}${cin}${bban}`;
}
