import {
  CITIES,
  COMPANY_NAMES,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  LEGAL_FORMS,
  NOTES,
  STREETS,
} from './italian-data';

/** A small deterministic generator, so each tenant gets the same demo data on every fresh start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `Niccolò D'Angelo` -> `niccolodangelo`: e-mail local parts and domains are plain ASCII. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Create bodies as the API receives them, valid for the contacts definition. */
export function demoContacts(tenant: string, count: number): Record<string, unknown>[] {
  const next = random([...tenant].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const address = () => {
    const city = pick(CITIES);
    return {
      city,
      value: {
        street: pick(STREETS),
        streetNumber: String(1 + Math.floor(next() * 180)),
        zip: city.zip,
        city: city.name,
        province: city.province,
        country: 'IT',
      },
    };
  };
  const consent = () =>
    next() < 0.6
      ? new Date(
          Date.UTC(2021 + Math.floor(next() * 4), Math.floor(next() * 12), 1 + Math.floor(next() * 28), 9, 30),
        ).toISOString()
      : null;

  const contacts: Record<string, unknown>[] = [];
  const usedEmails = new Set<string>();
  for (let i = 0; i < count; i++) {
    const { city, value } = address();
    const landline = `+39${city.areaCode}${digits(10 - city.areaCode.length)}`;
    const mobile = `+393${pick(['20', '28', '33', '35', '39', '40', '47', '49'])}${digits(7)}`;
    if (i % 3 === 2) {
      const k = (i - 2) / 3;
      // Past the list, names repeat with the city, as chains and branches do.
      const name = `${COMPANY_NAMES[k % COMPANY_NAMES.length]}${k >= COMPANY_NAMES.length ? ` ${city.name}` : ''}`;
      const company = `${name} ${pick(LEGAL_FORMS)}`;
      const domain = `${slug(name)}.it`;
      contacts.push({
        kind: 'company',
        companyName: company,
        email: `info@${domain}`,
        pecEmail: `${slug(name)}@pec.it`,
        phone: landline,
        address: value,
        privacyConsentAt: consent(),
        notes: next() < 0.5 ? pick(NOTES) : null,
      });
      continue;
    }
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    let email = `${slug(firstName)}.${slug(lastName)}@${pick(['studiotecnico', 'impiantinord', 'gestionicasa', 'serviziedili'])}-${slug(city.name)}.it`;
    if (usedEmails.has(email)) email = email.replace('@', `${i}@`);
    usedEmails.add(email);
    contacts.push({
      kind: 'person',
      firstName,
      lastName,
      jobTitle: pick(JOB_TITLES),
      email: next() < 0.85 ? email : null,
      phone: next() < 0.4 ? landline : null,
      mobile,
      address: next() < 0.8 ? value : null,
      privacyConsentAt: consent(),
      notes: next() < 0.3 ? pick(NOTES) : null,
    });
  }
  return contacts;
}
