import { HttpError } from 'react-admin';

/** Where the client gets its bearer token and how it renews it; the auth layer provides both. */
export interface TokenSource {
  accessToken(): string | null;
  /**
   * Renews the access token after `rejected` was answered 401; resolves whether a usable token is now
   * stored. Must be single-flight: concurrent callers share one token call.
   */
  refresh(rejected: string | null): Promise<boolean>;
}

export interface HttpClientOptions {
  tokens: TokenSource;
  /** Sent as Accept-Language so the services translate their messages (it or en). */
  locale?: () => string;
  /**
   * Told of every system error, a server error (5xx) or a service that cannot be reached, before it is
   * thrown: the app shows it as an error toast (docs/spa.md#errors-and-toasts).
   */
  onSystemError?: (error: HttpError) => void;
  fetch?: typeof fetch;
}

/**
 * The message of a system error's HttpError: a catalogue key, so react-admin's own notification of a
 * failed query reads 'Errore di sistema' and the app can tell it apart from the toast that says more.
 * The status and the server's problem details stay on the error.
 */
export const SYSTEM_ERROR = 'app.errors.system';

export const isSystemError = (status: number) => status === 0 || status >= 500;

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Serialised as JSON; FormData is sent as multipart/form-data (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** `blob` reads a successful answer as a Blob (files) into `json`; errors are still problem details. */
  responseType?: 'json' | 'blob';
  /** Headers of this request beyond those the client sets (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

export type HttpClient = <T = unknown>(url: string, request?: HttpRequest) => Promise<HttpResponse<T>>;

/**
 * fetch with the bearer token on every call. A 401 triggers one refresh and one retry (docs/spa.md#session);
 * if the retry is refused too, the 401 is thrown and the auth provider's checkError logs the user out.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const report = (error: HttpError) => {
    options.onSystemError?.(error);
    return error;
  };

  const send = async (url: string, request: HttpRequest, token: string | null) => {
    const headers = new Headers({
      Accept: request.responseType === 'blob' ? '*/*' : 'application/json, application/problem+json',
    });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (options.locale) headers.set('Accept-Language', options.locale());
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    // FormData sets its own multipart Content-Type with the boundary.
    const form = typeof FormData !== 'undefined' && request.body instanceof FormData;
    if (request.body !== undefined && !form) headers.set('Content-Type', 'application/json');
    try {
      return await doFetch(url, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : form ? (request.body as FormData) : JSON.stringify(request.body),
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      // The service is unreachable: status 0, with the browser's reason for the logs.
      throw report(new HttpError(SYSTEM_ERROR, 0, { cause: String(error) }));
    }
  };

  return async <T>(url: string, request: HttpRequest = {}) => {
    const token = options.tokens.accessToken();
    let response = await send(url, request, token);
    if (response.status === 401 && (await options.tokens.refresh(token))) {
      response = await send(url, request, options.tokens.accessToken());
    }
    const json = request.responseType === 'blob' && response.ok ? await response.blob() : await readBody(response);
    if (!response.ok) {
      const error = toHttpError(response, json);
      throw isSystemError(response.status) ? report(error) : error;
    }
    return { status: response.status, headers: response.headers, json: json as T };
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Catalogue key shown for a 409 (react-admin translates notification messages). */
export const CONFLICT = 'app.errors.conflict';

interface ProblemDetails {
  title?: string;
  detail?: string;
  status?: number;
  errors?: { path: string; message: string }[];
}

/**
 * Problem details to react-admin's HttpError. react-admin 5 puts `body.errors` ({field: message}, nested
 * for dotted paths) on the form inputs, so the services' translated messages appear beside the fields.
 */
export function toHttpError(response: Pick<Response, 'status' | 'statusText'>, body: unknown): HttpError {
  const problem = (body && typeof body === 'object' ? body : {}) as ProblemDetails;
  // A stale version calls for the same advice whatever the service says: reload, then edit again.
  const message =
    response.status === 409
      ? CONFLICT
      : isSystemError(response.status)
        ? SYSTEM_ERROR
        : problem.detail || problem.title || response.statusText || `HTTP ${response.status}`;
  const errors = Array.isArray(problem.errors) ? nestErrors(problem.errors) : undefined;
  return new HttpError(message, response.status, {
    ...problem,
    errors,
    ...(isSystemError(response.status) ? { statusText: response.statusText } : {}),
  });
}

/** What follows 'Errore di sistema' in the toast: the status and what the server said about it. */
export function systemErrorDetail(error: HttpError): string | null {
  if (error.status === 0) return null;
  const body = (error.body ?? {}) as ProblemDetails & { statusText?: string };
  const said = body.detail || body.title || body.statusText;
  return said ? `HTTP ${error.status} ${said}` : `HTTP ${error.status}`;
}

/** `[{path: 'address.zip', message}]` to `{address: {zip: message}}`, the shape react-hook-form expects. */
export function nestErrors(errors: readonly { path: string; message: string }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    const parts = (path || 'root').split('.');
    let node = out;
    parts.slice(0, -1).forEach((part) => {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    });
    const leaf = parts[parts.length - 1];
    // Keep the first message of a field: it is the one the user should fix first.
    if (!(leaf in node)) node[leaf] = message;
  }
  return out;
}
