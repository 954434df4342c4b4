import { clearSession, getToken } from './session';

/** The error body the API always sends: `{message, errors?: {field: [messages]}}`. */
export type ApiErrorFields = Record<string, string[]>;

function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** A non-2xx answer, or no answer at all (`status` 0 and no body when the network fails). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors?: ApiErrorFields;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown, errors?: ApiErrorFields) {
    super(message);
    this.status = status;
    this.body = body;
    if (errors) this.errors = errors;
  }

  /** The `message` the server wrote in the body, if it wrote one. */
  get serverMessage(): string | undefined {
    return messageOf(this.body);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is when it is a FormData (multipart uploads). */
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Whether to send the bearer token of the session (default); login turns it off. */
  authenticate?: boolean;
  /**
   * Whether a 401 on this call ends the session and sends the user to the login page (default).
   * Logout turns it off: it clears the session itself.
   */
  redirectOnUnauthorized?: boolean;
};

/** The login page, asked to come back to `redirect` (a path of this app) afterwards. */
export function loginPathFor(redirect: string): string {
  if (redirect === '/login' || redirect.startsWith('/login?')) return '/login';
  return `/login?${new URLSearchParams({ redirect }).toString()}`;
}

/** While set, every call waits for it before it is sent (`holdRequests`). */
let held: Promise<void> | undefined;

/**
 * Holds the calls made from now on until the returned release is called: the app's entry holds
 * them until its first screen is painted, so that nothing it asks for comes back and is drawn
 * before that screen is (decision 0044). Releasing twice does nothing more.
 */
export function holdRequests(): () => void {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  held = until;
  void until.then(() => {
    if (held === until) held = undefined;
  });
  return release;
}

type UnauthorizedHandler = () => void;

const defaultUnauthorizedHandler: UnauthorizedHandler = () => {
  const { pathname, search } = window.location;
  window.location.assign(loginPathFor(`${pathname}${search}`));
};

let onUnauthorized: UnauthorizedHandler = defaultUnauthorizedHandler;

/**
 * What happens after a 401 on an authenticated call, once the session is cleared: by default a
 * full page load of the login page; the app plugs its router in, for a client-side navigation.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler ?? defaultUnauthorizedHandler;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFields(body: unknown): ApiErrorFields | undefined {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  const fields: ApiErrorFields = {};
  for (const [field, list] of Object.entries(errors)) {
    if (Array.isArray(list)) fields[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return fields;
}

/**
 * Calls the API on the same origin. Sends the bearer token when there is a session, and JSON
 * bodies; throws an `ApiError` for any non-2xx answer or network failure.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    signal,
    authenticate = true,
    redirectOnUnauthorized = true,
  } = options;
  const token = authenticate ? getToken() : null;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  if (held) await held;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error');
  }

  const data = await readBody(response);

  if (!response.ok) {
    const fields = errorFields(data);
    const message = messageOf(data) ?? `Request failed with status ${response.status}`;
    if (response.status === 401 && token && redirectOnUnauthorized) {
      // The token is no longer valid: end the session and ask to log in again, coming back here.
      clearSession();
      onUnauthorized();
    }
    throw new ApiError(response.status, message, data, fields);
  }

  // The server serializes every response by its schema: the body is trusted to be a `T`.
  return data as T;
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
