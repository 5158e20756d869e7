import { en, type Catalogue } from './en';
import { it } from './it';
import { raEnglish, type RaShape } from './ra/en';
import { raExtrasEn, raExtrasIt, type RaExtras } from './ra/extras';
import { raItalian } from './ra/it';

/**
 * The dictionaries served at /i18n/{tenant}/{locale}.json: the app catalogue plus react-admin's own
 * messages under `ra`. Plain data on purpose: the server imports this module to serve and to render
 * validation messages, so nothing here may pull in React or polyglot.
 */
export type Dictionary = Catalogue & { ra: RaShape['ra'] & RaExtras };

/** A nested message tree as it travels on the wire (tenant overrides may add keys). */
export interface Messages {
  [key: string]: string | Messages;
}

export const LOCALES = ['it', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const dictionaries: Record<Locale, Dictionary> = {
  it: { ...it, ra: { ...raItalian.ra, ...raExtrasIt } },
  en: { ...en, ra: { ...raEnglish.ra, ...raExtrasEn } },
};

export type { Catalogue };
