import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '../../../i18n';
import { DICTIONARY_TTL_MS, fetchDictionary } from '../../../i18n/load';
import { mergeMessages } from '../../../i18n/placeholders';
import { LOCALE_KEY, readPreferredLocale } from '../../../i18n/preference';
import { createI18nProvider, initialLocale, loadMessages } from '../../../i18n/provider';
import { memoryStorage } from './memoryStorage';

const settings = {
  defaultLocale: 'it',
  locales: [
    { locale: 'it', dictionaryUrl: '/i18n/acme/it.json' },
    { locale: 'en', dictionaryUrl: '/i18n/acme/en.json' },
  ],
};

const wire: Record<string, Messages> = {
  '/i18n/acme/it.json': {
    app: { hello: 'Ciao :name', onlyIt: 'Solo in italiano', count: ':smart_count elemento |||| :smart_count elementi' },
  },
  '/i18n/acme/en.json': { app: { hello: 'Hello :name', onlyEn: 'Only in English' } },
};

function dictionaryFetch(dictionaries = wire) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const body = dictionaries[String(input)];
    return body ? new Response(JSON.stringify(body)) : new Response('', { status: 404 });
  });
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('dictionary loading', () => {
  it('caches a dictionary one hour in local storage, under a versioned key', async () => {
    vi.useFakeTimers({ now: new Date('2025-05-01T10:00:00Z') });
    const fetch = dictionaryFetch();
    await fetchDictionary('/i18n/acme/it.json', fetch);
    expect(Object.keys(storage.dump())).toEqual(['climatica.v1.dictionary:/i18n/acme/it.json']);
    vi.setSystemTime(Date.now() + DICTIONARY_TTL_MS - 1000);
    expect(await fetchDictionary('/i18n/acme/it.json', fetch)).toEqual(wire['/i18n/acme/it.json']);
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2000);
    await fetchDictionary('/i18n/acme/it.json', fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("fills a locale's missing keys from the default locale's dictionary, placeholders in polyglot form", async () => {
    const messages = await loadMessages('en', settings, { fetch: dictionaryFetch() });
    expect(messages).toEqual({
      app: {
        hello: 'Hello %{name}',
        onlyEn: 'Only in English',
        onlyIt: 'Solo in italiano',
        count: '%{smart_count} elemento |||| %{smart_count} elementi',
      },
    });
  });

  it("skips a fallback that fails to load, but not the locale's own dictionary", async () => {
    const onlyIt = { '/i18n/acme/it.json': wire['/i18n/acme/it.json'] };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await loadMessages('it', settings, { fetch: dictionaryFetch(onlyIt) })).app).toMatchObject({
      hello: 'Ciao %{name}',
    });
    await expect(loadMessages('en', settings, { fetch: dictionaryFetch(onlyIt) })).rejects.toThrow(/HTTP 404/);
    error.mockRestore();
  });
});

describe('tenant overrides', () => {
  it('never let a hand-written file replace a group of messages with one string, or the reverse', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const catalogue: Messages = { app: { login: { title: 'Accesso' }, name: 'Climatica' } };
    const override = { app: { login: 'Entra', name: { x: 'y' }, extra: 'Nuovo' }, list: ['a'] } as unknown as Messages;
    expect(mergeMessages(catalogue, override)).toEqual({
      app: { login: { title: 'Accesso' }, name: 'Climatica', extra: 'Nuovo' },
    });
    expect(error).toHaveBeenCalledTimes(3);
    error.mockRestore();
  });

  it('ignore keys that would reach the prototype', () => {
    const merged = mergeMessages({}, JSON.parse('{"__proto__": {"polluted": "yes"}, "ok": "fine"}') as Messages);
    expect(merged).toEqual({ ok: 'fine' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('i18n provider', () => {
  it('translates with :name placeholders and plurals in the locale picked from the browser', async () => {
    const i18n = await createI18nProvider(settings, ['en-GB'], { fetch: dictionaryFetch() });
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.translate('app.hello', { name: 'Anna' })).toBe('Hello Anna');
    // Missing in English: the default locale's text.
    expect(i18n.translate('app.onlyIt')).toBe('Solo in italiano');
    expect(i18n.getLocales?.().map((l) => l.locale)).toEqual(['it', 'en']);
  });

  it("starts in the tenant's default when the browser's first language is not offered", async () => {
    const i18n = await createI18nProvider(settings, ['fr-FR', 'en'], { fetch: dictionaryFetch() });
    expect(i18n.getLocale()).toBe('it');
    expect(i18n.translate('app.count', { smart_count: 2 })).toBe('2 elementi');
  });

  it('remembers a language switch and starts in it next time', async () => {
    const fetch = dictionaryFetch();
    const i18n = await createI18nProvider(settings, ['it-IT'], { fetch, storage });
    await i18n.changeLocale('en');
    expect(i18n.translate('app.hello', { name: 'Anna' })).toBe('Hello Anna');
    expect(storage.getItem(LOCALE_KEY)).toBe('en');
    expect(readPreferredLocale(storage)).toBe('en');
    const next = await createI18nProvider(settings, ['it-IT'], { fetch, storage });
    expect(next.getLocale()).toBe('en');
  });

  it('ignores a remembered language the tenant does not offer', () => {
    expect(initialLocale(['en'], settings, 'de')).toBe('en');
    expect(initialLocale([], settings, null)).toBe('it');
    expect(initialLocale(['it'], settings, 'en')).toBe('en');
  });
});
