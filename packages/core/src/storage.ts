import { evaluateApiAccess, type Actor, type ApiAccessDecision, type ApiRequirement } from './api-access.ts';
import type { EnabledFeatures, FeatureName } from './features.ts';

/**
 * Storage rules shared by the server and the web app (SPEC §7 storage, §9 cache-control):
 * object and bucket names, the system buckets other features use, and who may do what.
 */

/** SPEC §9: "storage default cache-control 3600" (seconds). */
export const STORAGE_DEFAULT_CACHE_CONTROL_SECONDS = 3600;
/** SPEC §7: "The list default is a limit of 100 ordered by name ascending." */
export const STORAGE_LIST_DEFAULT_LIMIT = 100;
export const STORAGE_LIST_MAX_LIMIT = 1000;
/** Signed URLs live at most a week (the longest an S3 presigned URL may live). */
export const STORAGE_SIGNED_URL_MAX_SECONDS = 7 * 24 * 60 * 60;
/** An object name is at most this many UTF-8 bytes (S3's key limit), each folder level at most 255. */
export const STORAGE_OBJECT_NAME_MAX_BYTES = 1024;
export const STORAGE_NAME_SEGMENT_MAX_BYTES = 255;
/** Names that are words of the HTTP API's paths (`/api/storage/object/list/…`), so no bucket may have them. */
export const STORAGE_RESERVED_BUCKET_NAMES = ['authenticated', 'copy', 'info', 'list', 'move', 'public', 'sign', 'upload'] as const;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const PHOTO_OR_PDF = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
const MB = 1024 * 1024;

/**
 * Who may do what in a bucket. Each entry is a list of alternatives: any one that allows is
 * enough. Removing objects and managing buckets always need the owner or an admin with
 * can_change_settings (SPEC §6 settings page access).
 */
export interface BucketPolicy {
  /** The business feature the bucket belongs to; switched off, the bucket answers 403 feature_disabled. */
  feature: FeatureName | null;
  read: readonly ApiRequirement[];
  write: readonly ApiRequirement[];
}

export interface SystemBucketDefinition extends BucketPolicy {
  public: boolean;
  allowedMimeTypes: readonly string[];
  fileSizeLimit: number;
  /** Images are resized to fit this square (pixels) on upload. */
  imageMaxDimension: number;
}

const SETTINGS: ApiRequirement = { page: 'settings' };
const ANY_MEMBER: ApiRequirement = {};

/** Buckets created on demand for the features that store files. */
export const SYSTEM_BUCKETS = {
  'product-images': {
    public: false,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    fileSizeLimit: 10 * MB,
    imageMaxDimension: 1024,
    feature: 'inventory_management',
    read: [ANY_MEMBER],
    write: [{ adminPermission: 'can_edit_product_details' }],
  },
  'expense-receipts': {
    public: false,
    allowedMimeTypes: PHOTO_OR_PDF,
    fileSizeLimit: 20 * MB,
    imageMaxDimension: 2048,
    feature: 'basic_accounting',
    read: [{ employeeFeature: 'pos' }, SETTINGS],
    write: [{ employeeFeature: 'pos' }],
  },
  'purchase-invoices': {
    public: false,
    allowedMimeTypes: PHOTO_OR_PDF,
    fileSizeLimit: 20 * MB,
    imageMaxDimension: 2048,
    feature: 'purchase_orders',
    read: [{ employeeFeature: 'inventory' }, SETTINGS],
    write: [{ employeeFeature: 'inventory' }],
  },
  'inspection-photos': {
    public: false,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    fileSizeLimit: 20 * MB,
    imageMaxDimension: 2048,
    feature: 'vehicle_services',
    read: [{ employeeFeature: 'pos' }, SETTINGS],
    write: [{ employeeFeature: 'pos' }],
  },
  'incident-photos': {
    public: false,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    fileSizeLimit: 20 * MB,
    imageMaxDimension: 2048,
    feature: null,
    read: [{ employeeFeature: 'pos' }, { employeeFeature: 'kitchen' }, SETTINGS],
    write: [{ employeeFeature: 'pos' }, { employeeFeature: 'kitchen' }],
  },
} as const satisfies Record<string, SystemBucketDefinition>;

export type SystemBucketName = keyof typeof SYSTEM_BUCKETS;

export function isSystemBucketName(name: string): name is SystemBucketName {
  return Object.hasOwn(SYSTEM_BUCKETS, name);
}

/** Buckets the owner or an admin makes through the API: everyone in the business reads, settings people write. */
export const CUSTOM_BUCKET_POLICY: BucketPolicy = { feature: null, read: [ANY_MEMBER], write: [SETTINGS] };

export function bucketPolicyOf(name: string): BucketPolicy {
  return isSystemBucketName(name) ? SYSTEM_BUCKETS[name] : CUSTOM_BUCKET_POLICY;
}

export type StorageAction = 'read' | 'write' | 'remove' | 'manage';

/**
 * SPEC §6 applied to storage: `read` (download, info, list, sign), `write` (upload, the
 * destination of a move or copy), `remove` (delete, the source of a move) and `manage`
 * (create, update, empty or delete buckets).
 */
export function evaluateStorageAccess(actor: Actor, policy: BucketPolicy, action: StorageAction, features: EnabledFeatures): ApiAccessDecision {
  if (policy.feature && !features[policy.feature]) {
    return { allowed: false, code: 'feature_disabled', message: `The ${policy.feature} feature is switched off for this business` };
  }
  const alternatives = action === 'read' ? policy.read : action === 'write' ? policy.write : [SETTINGS];
  let refusal: ApiAccessDecision = { allowed: false, code: 'forbidden', message: 'Your role may not do this in this bucket' };
  for (const requirement of alternatives) {
    const decision = evaluateApiAccess(actor, requirement, features);
    if (decision.allowed) return decision;
    refusal = decision;
  }
  return refusal;
}

export type NameCheck = { ok: true; name: string } | { ok: false; reason: string };

const BUCKET_NAME = /^[a-z0-9][a-z0-9_-]{1,62}$/;

export function checkBucketName(name: string): NameCheck {
  if (!BUCKET_NAME.test(name)) {
    return { ok: false, reason: 'A bucket name is 2 to 63 lowercase letters, digits, hyphens or underscores, starting with a letter or digit' };
  }
  if ((STORAGE_RESERVED_BUCKET_NAMES as readonly string[]).includes(name)) return { ok: false, reason: `"${name}" is a reserved word` };
  return { ok: true, name };
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;
// C0 and C1 control characters, including NUL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * An object name is a relative path of folders and a file name, written with "/". It is
 * normalised to Unicode NFC (so the same visible name is the same object) and refused when it
 * could mean anything else on a disk or in a URL: absolute paths, "." or ".." levels, empty
 * levels, backslashes, drive letters, control characters (NUL included), lone surrogates and
 * over-long names.
 */
export function checkObjectName(raw: string): NameCheck {
  if (LONE_SURROGATE.test(raw)) return { ok: false, reason: 'The name has a broken character' };
  const name = raw.normalize('NFC');
  if (name.length === 0) return { ok: false, reason: 'The name is empty' };
  if (CONTROL.test(name)) return { ok: false, reason: 'The name has a control character' };
  if (name.includes('\\')) return { ok: false, reason: 'Use "/" between folders, not "\\"' };
  if (name.startsWith('/')) return { ok: false, reason: 'The name must be relative (no leading "/")' };
  if (/^[A-Za-z]:/.test(name)) return { ok: false, reason: 'The name must not start with a drive letter' };
  if (utf8Length(name) > STORAGE_OBJECT_NAME_MAX_BYTES) return { ok: false, reason: `The name is longer than ${STORAGE_OBJECT_NAME_MAX_BYTES} bytes` };
  for (const segment of name.split('/')) {
    if (segment === '') return { ok: false, reason: 'The name has an empty folder level ("//" or a trailing "/")' };
    if (segment === '.' || segment === '..') return { ok: false, reason: 'The name must not contain "." or ".." levels' };
    if (utf8Length(segment) > STORAGE_NAME_SEGMENT_MAX_BYTES) return { ok: false, reason: `A folder or file name is longer than ${STORAGE_NAME_SEGMENT_MAX_BYTES} bytes` };
  }
  return { ok: true, name };
}

/** The Cache-Control header value stored with an object ("max-age=3600"). */
export function cacheControlHeader(seconds: number): string {
  return `max-age=${seconds}`;
}
