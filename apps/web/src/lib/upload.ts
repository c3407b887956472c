import { ApiError, EMPLOYEE_SESSION_HEADER, knownErrorCode } from '@/lib/api-client';
import { readEmployeeSession } from '@/lib/employee-session';

/**
 * A request whose body is worth watching go up (a picture, a CSV file): XMLHttpRequest reports
 * upload progress, fetch does not. Same cookie, employee token and error shape as `sendToServer`.
 */
export interface UploadOptions {
  method?: 'POST' | 'PUT';
  body: FormData | Blob | string;
  contentType?: string;
  /** More request headers (x-upsert, cache-control for storage uploads). */
  headers?: Record<string, string>;
  /** 0–100 while the body is sent; 100 once it is all sent and the server is working. */
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function errorFrom(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { code, message, ...details } = error as Record<string, unknown>;
    return new ApiError({
      status,
      code: knownErrorCode(code, status >= 500 ? 'server_error' : 'http_error'),
      message: typeof message === 'string' && message ? message : `The request failed (HTTP ${status}).`,
      details,
    });
  }
  if (status === 413) return new ApiError({ status, code: 'payload_too_large', message: 'The file is too large.' });
  return new ApiError({
    status,
    code: status >= 500 ? 'server_error' : 'http_error',
    message: status >= 500 ? 'The server is not responding properly. Please try again in a moment.' : `The request failed (HTTP ${status}).`,
  });
}

export function uploadWithProgress<T>(path: string, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.contentType) xhr.setRequestHeader('Content-Type', options.contentType);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    const token = readEmployeeSession()?.token;
    if (token) xhr.setRequestHeader(EMPLOYEE_SESSION_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = () => options.onUploadProgress?.(100);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiError({ status: xhr.status, code: 'bad_response', message: 'The server answered something unexpected.' }));
        }
      } else {
        reject(errorFrom(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the server. Check your connection and try again.' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}
