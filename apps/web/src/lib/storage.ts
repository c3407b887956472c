import { useQuery } from '@tanstack/react-query';
import type { SystemBucketName } from '@till/core';
import { api, dataOf } from '@/lib/api';

/**
 * The web's use of the storage API (SPEC §7): signed URLs to show a kept file (receipts, invoice
 * scans, inspection and incident photos). Uploads go through each feature's own route
 * (`uploadWithProgress`); errors arrive as ApiError, whose details carry the storage `status`
 * and `statusCode` (SPEC §8).
 */

export type BucketName = SystemBucketName | (string & {});

/** A URL that reads the object without signing in, for `expiresIn` seconds (at most 7 days). */
export function createSignedUrl(bucket: BucketName, name: string, expiresIn: number, options: { download?: boolean | string } = {}) {
  // The name's folders travel encoded in one path segment ("2024%2F03%2Fr.jpg"); the server decodes them.
  return dataOf(
    api.POST('/api/storage/object/sign/{bucket}/{name}', {
      params: { path: { bucket, name } },
      body: { expires_in: expiresIn, ...(options.download !== undefined ? { download: options.download } : {}) },
    }),
  );
}

export const storageKeys = {
  all: ['storage'] as const,
  signedUrl: (bucket: BucketName, name: string) => ['storage', 'signed-url', bucket, name] as const,
};

/** Signed URLs asked for last this long and are refreshed well before they run out. */
const SIGNED_URL_SECONDS = 60 * 60;

/** The signed URL of an object to show it (an <img>, a PDF preview), renewed before it expires. */
export function useSignedUrl(bucket: BucketName, name: string | null | undefined) {
  return useQuery({
    queryKey: storageKeys.signedUrl(bucket, name ?? ''),
    queryFn: () => createSignedUrl(bucket, name!, SIGNED_URL_SECONDS),
    enabled: Boolean(name),
    staleTime: (SIGNED_URL_SECONDS / 2) * 1000,
    gcTime: (SIGNED_URL_SECONDS / 2) * 1000,
    refetchInterval: (SIGNED_URL_SECONDS / 2) * 1000,
    select: (answer) => answer.signed_url,
  });
}

/** What the preview component can show inline. */
export function previewKind(contentType: string): 'image' | 'pdf' | 'other' {
  if (/^image\/(jpeg|png|webp|gif|avif)$/.test(contentType)) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  return 'other';
}

/** "1.5 MB", "320 kB", "12 bytes". */
export function formatFileSize(bytes: number, locale?: string): string {
  const format = (value: number, unit: string) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), 'MB');
  if (bytes >= 1024) return format(bytes / 1024, 'kB');
  return format(bytes, bytes === 1 ? 'byte' : 'bytes');
}
