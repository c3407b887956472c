import { EMPLOYEE_SESSION_HEADER, isApiErrorCode, type ApiErrorCode } from '@till/core';
import { clearEmployeeSessionIfToken, readEmployeeSession } from '@/lib/employee-session';

/**
 * What every call to the server travels through (the typed client in `api.ts` sends its requests
 * to `sendToServer`): same-origin fetch with the session cookie, and one error type parsed from
 * `{ "error": { "code", "message", ...details } }`.
 * While an employee is signed in on this device their token travels in `x-employee-session`,
 * so the server sees the employee acting, with the account cookie of the device underneath.
 */

export { EMPLOYEE_SESSION_HEADER };
/** The server's answer when the token's session ended (End Shift elsewhere, 8 hours, deactivation). */
export const EMPLOYEE_SESSION_EXPIRED = 'employee_session_expired';
/** The till credential of this browser no longer works (unpaired in settings). */
export const TILL_NOT_PAIRED = 'till_not_paired';

/** Codes the web gives a failure that did not come with the server's error shape. */
export type ClientErrorCode = 'network_error' | 'server_error' | 'http_error' | 'bad_response' | 'payload_too_large';
/** Every code an `ApiError` can carry: the server's typed list (core `API_ERROR_CODES`) and the web's own. */
export type ErrorCode = ApiErrorCode | ClientErrorCode;

/** The server's code when it is one of the listed ones; anything else is reported as `fallback`. */
export function knownErrorCode(code: unknown, fallback: ClientErrorCode): ErrorCode {
  return isApiErrorCode(code) ? code : fallback;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  /** Everything in the error body besides code and message, e.g. `reasons` for weak_password. */
  readonly details: Record<string, unknown>;

  constructor(init: { status: number; code: ErrorCode; message: string; details?: Record<string, unknown> }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any thrown value, with a fallback for things that are not ours. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** `reasons` from a weak_password error (SPEC §8), when the server sent a list of strings. */
export function errorReasons(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const reasons = error.details['reasons'];
  if (!Array.isArray(reasons)) return [];
  return reasons.filter((reason): reason is string => typeof reason === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body['error']) ? body['error'] : undefined;
  if (!error) {
    return new ApiError({
      status,
      code: status >= 500 ? 'server_error' : 'http_error',
      message:
        status >= 500
          ? 'The server is not responding properly. Please try again in a moment.'
          : `The request failed (HTTP ${status}).`,
    });
  }
  const { code, message, ...details } = error;
  return new ApiError({
    status,
    code: knownErrorCode(code, status >= 500 ? 'server_error' : 'http_error'),
    message: typeof message === 'string' && message ? message : `The request failed (HTTP ${status}).`,
    details,
  });
}

/**
 * Every call to the server goes through here, whichever client built the request: the employee
 * token in its header, the session cookie, and one error type for network failures and 4xx/5xx.
 * A request that already names the header (even empty) keeps it: `withoutEmployeeSession`.
 */
export async function sendToServer(request: Request): Promise<Response> {
  const named = request.headers.get(EMPLOYEE_SESSION_HEADER);
  const token = named === null ? (readEmployeeSession()?.token ?? null) : named || null;
  if (token) request.headers.set(EMPLOYEE_SESSION_HEADER, token);
  else request.headers.delete(EMPLOYEE_SESSION_HEADER);

  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    const retriesLeft = attempt < RETRY_DELAYS_MS.length;
    try {
      // The body can be sent once per Request: each attempt sends a copy while another may follow.
      response = await fetch(retriesLeft ? request.clone() : request, { credentials: 'include' });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError({
        status: 0,
        code: 'network_error',
        message: 'Could not reach the server. Check your connection and try again.',
      });
    }
    if (!retriesLeft || !isRetryable(request.method, response.status)) break;
    await response.body?.cancel();
    await wait(RETRY_DELAYS_MS[attempt]!, request.signal);
  }
  if (!response.ok) {
    const error = toApiError(response.status, await readJson(response));
    // SPEC §4: the session is over on the server, so it is over here too (plain, local clear).
    if (token && error.status === 401 && (error.code === EMPLOYEE_SESSION_EXPIRED || error.code === TILL_NOT_PAIRED)) clearEmployeeSessionIfToken(token);
    throw error;
  }
  return response;
}

/**
 * SPEC §8: 502, 503 and 504 are retryable, and nothing else is; SPEC §9: with backoff from 200 ms
 * (200, 400, 800 ms, then the answer stands). A 503 means the server did not take the request, so
 * every method is sent again; after a 502 or 504 (a gateway that may have passed the request on)
 * only methods that are safe to repeat are, so a sale or a sign-up is never sent twice.
 */
export const RETRYABLE_STATUSES = [502, 503, 504] as const;
export const RETRY_DELAYS_MS = [200, 400, 800] as const;
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function isRetryable(method: string, status: number): boolean {
  if (status === 503) return true;
  return (status === 502 || status === 504) && IDEMPOTENT_METHODS.has(method.toUpperCase());
}

function wait(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}

/** Headers for the calls that pick or start a session (the name list, PIN sign-in). */
export const withoutEmployeeSession = { [EMPLOYEE_SESSION_HEADER]: '' } as const;

/** Absolute, so a Request can be built outside a page too (unit tests). */
export function serverUrl(path: string): string {
  return new URL(path, globalThis.location?.origin ?? 'http://localhost').href;
}

/** The file name a Content-Disposition header offers, if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}
