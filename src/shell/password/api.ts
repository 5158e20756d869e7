import { HttpError } from 'react-admin';
import { isSystemError, SYSTEM_ERROR, toHttpError, type HttpClient } from '../../../dataProviders/http';
import type { TokenResponse, TokenStorage } from '../../auth/tokenStorage';

/** What an oauth2 password call needs: the service URL and the language its messages should be in. */
export interface PasswordApiOptions {
  oauth2Url: () => string;
  locale: () => string;
  /** Told of a server error (5xx) or an unreachable service: the app shows its system error toast. */
  onSystemError?: (error: HttpError) => void;
  fetch?: typeof fetch;
}

/** Field errors as react-admin forms take them (`{password: 'message'}`), plus a message for the rest. */
export interface FormFailure {
  fields: Record<string, unknown>;
  message: string | null;
}

/**
 * A JSON POST outside the session: the forgot and reset calls are made logged out, so they carry no
 * bearer token and never trigger a refresh. Problem details become react-admin HttpErrors.
 */
async function postJson<T>(options: PasswordApiOptions, path: string, body: unknown): Promise<T> {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const report = (error: HttpError) => {
    options.onSystemError?.(error);
    return error;
  };
  let response: Response;
  try {
    response = await doFetch(`${options.oauth2Url()}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, application/problem+json',
        'Accept-Language': options.locale(),
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw report(new HttpError(SYSTEM_ERROR, 0, { cause: String(error) }));
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (!response.ok) {
    const error = toHttpError(response, json);
    throw isSystemError(response.status) ? report(error) : error;
  }
  return json as T;
}

/** POST {oauth2}/password/forgot: the answer is the same whether or not the user exists. */
export async function requestPasswordReset(
  options: PasswordApiOptions,
  input: { tenant: string; username: string },
): Promise<void> {
  await postJson(options, '/password/forgot', { tenant: input.tenant.trim(), username: input.username.trim() });
}

/** POST {oauth2}/password/reset with the token of the mailed link. */
export async function resetPassword(options: PasswordApiOptions, input: { token: string; password: string }) {
  await postJson(options, '/password/reset', input);
}

/**
 * POST {oauth2}/api/me/password. The server ends every other session and answers a fresh token
 * response: it is stored at once, because the token used for the call is no longer accepted.
 */
export async function changePassword(
  http: HttpClient,
  tokens: Pick<TokenStorage, 'save'>,
  oauth2Url: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { json } = await http<TokenResponse>(`${oauth2Url}/api/me/password`, { method: 'POST', body: input });
  if (typeof json?.AccessToken !== 'string') throw new HttpError('app.login.serverError', 500, json);
  tokens.save(json);
}

/**
 * Splits a failed call into what belongs beside the inputs (the fields the form has) and what does
 * not (a reset link's `token`, a throttling message): those go in one message. A system error (5xx,
 * unreachable service) has its own toast already, so the form adds nothing.
 */
export function formFailure(error: unknown, formFields: readonly string[]): FormFailure {
  if (error instanceof HttpError && isSystemError(error.status)) return { fields: {}, message: null };
  const body = (error as { body?: { errors?: Record<string, unknown> } })?.body;
  const errors = body?.errors && typeof body.errors === 'object' ? body.errors : {};
  const fields: Record<string, unknown> = {};
  const others: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    if (formFields.includes(path)) fields[path] = message;
    else if (typeof message === 'string') others.push(message);
  }
  const generic = error instanceof Error && error.message ? error.message : 'app.login.serverError';
  const message = others.length > 0 ? others.join(' ') : Object.keys(fields).length > 0 ? null : generic;
  return { fields, message };
}
