import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../../i18n';
import { mergeMessages, toPolyglotMessages, toPolyglotPlaceholders } from '../../../i18n/placeholders';
import { fallbackChain, pickLocale } from '../../../i18n/provider';

const settings = {
  defaultLocale: 'it',
  locales: [
    { locale: 'it', dictionaryUrl: '/i18n/acme/it.json' },
    { locale: 'en', dictionaryUrl: '/i18n/acme/en.json' },
  ],
};

describe('placeholders', () => {
  it('converts :name to %{name}, including react-admin smart_count', () => {
    expect(toPolyglotPlaceholders('Al massimo :max caratteri')).toBe('Al massimo %{max} caratteri');
    expect(toPolyglotPlaceholders(':smart_count elementi')).toBe('%{smart_count} elementi');
    expect(toPolyglotPlaceholders(':name #:id')).toBe('%{name} #%{id}');
    expect(toPolyglotPlaceholders('Tenant: :tenant')).toBe('Tenant: %{tenant}');
  });

  it('leaves colons that are not placeholders alone', () => {
    expect(toPolyglotPlaceholders('Ore 10:30, https://example.it, Nota:bene')).toBe(
      'Ore 10:30, https://example.it, Nota:bene',
    );
  });

  it('converts a whole dictionary without touching the original', () => {
    const wire = { a: { b: 'x :y' }, c: 'z' };
    expect(toPolyglotMessages(wire)).toEqual({ a: { b: 'x %{y}' }, c: 'z' });
    expect(wire.a.b).toBe('x :y');
  });

  it('fills gaps from the fallback, the primary wins', () => {
    expect(mergeMessages({ a: { b: 'en-b', c: 'en-c' }, d: 'en-d' }, { a: { b: 'it-b' } })).toEqual({
      a: { b: 'it-b', c: 'en-c' },
      d: 'en-d',
    });
  });
});

describe('locale', () => {
  it('takes the browser first language when the tenant offers it', () => {
    expect(pickLocale(['en-GB', 'it'], settings)).toBe('en');
    expect(pickLocale(['it-IT'], settings)).toBe('it');
  });

  it("falls back to the tenant's default otherwise (only the first language counts)", () => {
    expect(pickLocale(['fr-FR', 'en'], settings)).toBe('it');
    expect(pickLocale([], settings)).toBe('it');
  });

  it('looks missing keys up in the default locale, then English', () => {
    expect(fallbackChain('en', settings)).toEqual(['en', 'it']);
    expect(fallbackChain('it', settings)).toEqual(['it', 'en']);
    expect(fallbackChain('it', { ...settings, locales: [settings.locales[0]] })).toEqual(['it']);
  });
});

describe('dictionaries', () => {
  it('carry the app catalogue and react-admin messages in both languages', () => {
    expect(dictionaries.it.app.login.username).toBe('Nome utente');
    expect(dictionaries.it.resources['address-book/contacts'].name).toBe('Contatto |||| Contatti');
    expect(dictionaries.it.ra.auth.logout).toBe('Esci');
    expect(dictionaries.en.validation.maxLength).toContain(':max');
  });
});
