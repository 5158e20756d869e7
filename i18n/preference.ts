/**
 * The language the user chose (app bar switch or profile page). Kept under its own versioned key
 * rather than in react-admin's store, which is wiped at every logout: the choice outlives the session.
 */
export const LOCALE_KEY = 'climatica.v1.locale';

export type LocaleStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): LocaleStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Site data blocked by the browser: the choice lasts as long as the page.
    return undefined;
  }
}

export function readPreferredLocale(storage: LocaleStorage | undefined = defaultStorage()): string | null {
  try {
    return storage?.getItem(LOCALE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function savePreferredLocale(locale: string, storage: LocaleStorage | undefined = defaultStorage()): void {
  try {
    storage?.setItem(LOCALE_KEY, locale);
  } catch {
    // A full storage only costs the choice on the next visit.
  }
}
