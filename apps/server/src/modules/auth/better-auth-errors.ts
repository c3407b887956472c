import { APIError } from 'better-auth/api';

/** better-auth's own error code (e.g. USER_ALREADY_EXISTS), when the error is one of its. */
export function betterAuthCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : String(error.status);
}
