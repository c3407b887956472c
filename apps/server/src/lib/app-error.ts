import type { ApiErrorCode } from '@till/core';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type of the server; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ApiErrorCode, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const notFound = (code: ApiErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ApiErrorCode, message: string) => new AppError(409, code, message);
export const forbidden = (code: ApiErrorCode, message: string) => new AppError(403, code, message);
