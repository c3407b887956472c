import { useQuery } from '@tanstack/react-query';
import type {
  Bucket,
  ListObjectsInput,
  ListObjectsResponse,
  SignObjectsResponse,
  SignedUrlResponse,
  StorageObject,
  SystemBucketName,
} from '@till/core';
import { apiClient } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';

/**
 * Typed calls to the storage API (SPEC §7) for any feature that keeps files: receipts, invoice
 * scans, inspection and incident photos. Errors arrive as ApiError, whose details carry the
 * storage `status` and `statusCode` (SPEC §8).
 */

export type BucketName = SystemBucketName | (string & {});

/** `/api/storage/object/<bucket>/<name>`, each folder level encoded, the slashes kept. */
export function objectPath(bucket: BucketName, name: string): string {
  return `${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`;
}

export interface UploadObjectInput {
  bucket: BucketName;
  /** Folders with "/": "2024/03/receipt.jpg". */
  name: string;
  file: Blob;
  /** Replace an object of the same name (needs the right to delete in that bucket). */
  upsert?: boolean;
  /** Seconds a browser may keep it; 3600 unless given (SPEC §9). */
  cacheControl?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Multipart upload with progress; the server decides the type from the bytes and strips EXIF from pictures. */
export async function uploadObject(input: UploadObjectInput): Promise<StorageObject> {
  const body = new FormData();
  body.set('file', input.file);
  if (input.cacheControl !== undefined) body.set('cache_control', String(input.cacheControl));
  const response = await uploadWithProgress<{ object: StorageObject }>(`/api/storage/object/${objectPath(input.bucket, input.name)}`, {
    body,
    headers: input.upsert ? { 'x-upsert': 'true' } : {},
    ...(input.onProgress ? { onUploadProgress: input.onProgress } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return response.object;
}

/** A URL that reads the object without signing in, for `expiresIn` seconds (at most 7 days). */
export function createSignedUrl(bucket: BucketName, name: string, expiresIn: number, options: { download?: boolean | string } = {}): Promise<SignedUrlResponse> {
  return apiClient.post<SignedUrlResponse>(`/api/storage/object/sign/${objectPath(bucket, name)}`, {
    expires_in: expiresIn,
    ...(options.download !== undefined ? { download: options.download } : {}),
  });
}

export function createSignedUrls(bucket: BucketName, paths: string[], expiresIn: number): Promise<SignObjectsResponse> {
  return apiClient.post<SignObjectsResponse>(`/api/storage/object/sign/${encodeURIComponent(bucket)}`, { expires_in: expiresIn, paths });
}

/** 100 by name ascending unless told otherwise (SPEC §7). */
export function listObjects(bucket: BucketName, input: ListObjectsInput = {}): Promise<ListObjectsResponse> {
  return apiClient.post<ListObjectsResponse>(`/api/storage/object/list/${encodeURIComponent(bucket)}`, input);
}

export function getObjectInfo(bucket: BucketName, name: string): Promise<StorageObject> {
  return apiClient.get<StorageObject>(`/api/storage/object/info/${objectPath(bucket, name)}`);
}

/** Deletes the named objects; answers the ones that existed. */
export function removeObjects(bucket: BucketName, names: string[]): Promise<StorageObject[]> {
  return apiClient.delete<StorageObject[]>(`/api/storage/object/${encodeURIComponent(bucket)}`, undefined, { prefixes: names });
}

export function listBuckets(): Promise<Bucket[]> {
  return apiClient.get<Bucket[]>('/api/storage/bucket');
}

export const storageKeys = {
  all: ['storage'] as const,
  list: (bucket: BucketName, input: ListObjectsInput) => ['storage', 'list', bucket, input] as const,
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

export function useObjectList(bucket: BucketName, input: ListObjectsInput = {}) {
  return useQuery({ queryKey: storageKeys.list(bucket, input), queryFn: () => listObjects(bucket, input) });
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
