import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import type { Messages } from './index';
import { fetchDictionary } from './load';
import { mergeMessages, toPolyglotMessages } from './placeholders';
import { readPreferredLocale, savePreferredLocale, type LocaleStorage } from './preference';

/** The `features.i18n` block of a tenant config. */
export interface I18nSettings {
  defaultLocale: string;
  locales: readonly { locale: string; dictionaryUrl: string }[];
}

/** The language every dictionary ultimately falls back to ("Italian first, English fallback"). */
const LAST_RESORT = 'en';

/** docs/spa.md#languages: the browser's first language when the tenant offers it, else the tenant's default. */
export function pickLocale(browserLanguages: readonly string[], settings: I18nSettings): string {
  const offered = settings.locales.map((l) => l.locale);
  const first = browserLanguages[0]?.toLowerCase();
  if (first) {
    const match =
      offered.find((l) => l.toLowerCase() === first) ?? offered.find((l) => l.toLowerCase() === first.split('-')[0]);
    if (match) return match;
  }
  return settings.defaultLocale;
}

/**
 * The locale the app starts in: the user's own earlier choice when the tenant offers it, otherwise
 * the rule of docs/spa.md#languages (the browser's first language, else the tenant's default).
 */
export function initialLocale(
  browserLanguages: readonly string[],
  settings: I18nSettings,
  preferred: string | null,
): string {
  if (preferred && settings.locales.some((l) => l.locale === preferred)) return preferred;
  return pickLocale(browserLanguages, settings);
}

/** Where a missing key is looked up next: the locale, the tenant's default locale, then English. */
export function fallbackChain(locale: string, settings: I18nSettings): string[] {
  const offered = new Set(settings.locales.map((l) => l.locale));
  return [...new Set([locale, settings.defaultLocale, LAST_RESORT])].filter((l) => offered.has(l));
}

export interface LoadOptions {
  /** Resolves a dictionary URL of the config (relative ones are relative to the API base). */
  resolveUrl?: (url: string) => string;
  fetch?: typeof fetch;
  /** Where the user's language choice is kept (localStorage when absent). */
  storage?: LocaleStorage;
}

/**
 * The messages of one locale in polyglot form: its dictionary with the gaps filled from the fallbacks.
 * Fallback dictionaries that fail to load are skipped (logged); the locale's own must load.
 */
export async function loadMessages(
  locale: string,
  settings: I18nSettings,
  options: LoadOptions = {},
): Promise<Messages> {
  const resolve = options.resolveUrl ?? ((url: string) => url);
  const chain = fallbackChain(locale, settings);
  const loaded = await Promise.all(
    chain.map(async (l, i) => {
      const url = resolve(settings.locales.find((e) => e.locale === l)!.dictionaryUrl);
      try {
        return await fetchDictionary(url, options.fetch);
      } catch (error) {
        if (i === 0) throw error;
        console.error(error);
        return {};
      }
    }),
  );
  const merged = loaded.reduceRight<Messages>((acc, messages) => mergeMessages(acc, messages), {});
  return toPolyglotMessages(merged);
}

function languageName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * react-admin's polyglot provider, four-argument form: the messages of the initial locale are loaded
 * before the app renders (the provider needs them synchronously), others on a locale change. Every
 * successful change (the app bar's switch, the profile page) is remembered for the next start.
 */
export async function createI18nProvider(
  settings: I18nSettings,
  browserLanguages: readonly string[],
  options: LoadOptions = {},
): Promise<I18nProvider> {
  const initial = initialLocale(browserLanguages, settings, readPreferredLocale(options.storage));
  const cache = new Map<string, Messages>([[initial, await loadMessages(initial, settings, options)]]);
  const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> => {
    const known = cache.get(locale);
    if (known) return known as unknown as TranslationMessages;
    return loadMessages(locale, settings, options).then((messages) => {
      cache.set(locale, messages);
      return messages as unknown as TranslationMessages;
    });
  };
  const available = settings.locales.map((l) => ({ locale: l.locale, name: languageName(l.locale) }));
  // Every react-admin text has a default, so a key missing from every dictionary is not worth a warning.
  const provider = polyglotI18nProvider(getMessages, initial, available, { allowMissing: true });
  return {
    ...provider,
    changeLocale: async (locale, changeOptions) => {
      await provider.changeLocale(locale, changeOptions);
      savePreferredLocale(locale, options.storage);
    },
  };
}
