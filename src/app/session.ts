import { createHttpClient } from '../../dataProviders/http';
import { createRefresher } from '../auth/refresh';
import { createTokenStorage } from '../auth/tokenStorage';
import { resolveUrl } from './config';
import { notifySystemError } from './notifications/system';
import { appState } from './state';

/**
 * The session's singletons: stored token, its single-flight refresher and the http client that uses
 * both. They read the app state on every call, so a tenant switch needs no rebuild.
 */
export const tokens = createTokenStorage();

export function oauth2Url(): string {
  const runtime = appState.runtime();
  return resolveUrl(runtime.oauth2Url, runtime.apiBaseUrl);
}

export const tokenUrl = () => `${oauth2Url()}/token`;
export const client = () => appState.runtime();

export const refresher = createRefresher({ tokens, tokenUrl, client });

export const http = createHttpClient({
  tokens: { accessToken: () => tokens.read()?.accessToken ?? null, refresh: (rejected) => refresher.refresh(rejected) },
  locale: () => appState.current()?.i18n.getLocale() ?? globalThis.navigator?.language ?? 'it',
  // A 5xx or an unreachable service shows the system error toast (docs/spa.md#errors-and-toasts).
  onSystemError: (error) => notifySystemError(error, translate),
});

/** The current dictionaries' translation; the key itself before any dictionary is loaded. */
export function translate(key: string, options?: Record<string, unknown>): string {
  const i18n = appState.current()?.i18n;
  return i18n ? i18n.translate(key, options) : key;
}
