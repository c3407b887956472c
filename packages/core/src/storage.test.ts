import { describe, expect, it } from 'vitest';
import type { Actor } from './api-access.ts';
import { defaultEnabledFeatures } from './features.ts';
import type { EmployeeRole } from './permissions.ts';
import {
  CUSTOM_BUCKET_POLICY,
  SYSTEM_BUCKETS,
  bucketPolicyOf,
  checkBucketName,
  checkObjectName,
  evaluateStorageAccess,
  type BucketPolicy,
  type StorageAction,
} from './storage.ts';
import { listObjectsInput, moveObjectInput } from './contracts/storage.ts';

const features = { ...defaultEnabledFeatures({ firstTimeSetup: false }), vehicle_services: true };
const owner: Actor = { kind: 'owner' };
const employee = (role: EmployeeRole, permissions: Record<string, boolean> = {}, adminPermissions: Record<string, boolean> | null = null): Actor => ({
  kind: 'employee',
  role,
  permissions,
  adminPermissions,
});
const settingsAdmin = employee('admin', {}, { can_change_settings: true });
const plainAdmin = employee('admin', {}, {});

describe('checkObjectName', () => {
  it.each([
    ['receipts/2024/march.pdf', 'receipts/2024/march.pdf'],
    ['a', 'a'],
    ['with space & ümlaut.jpg', 'with space & ümlaut.jpg'],
    // NFD "é" becomes NFC: one name for what looks the same.
    ['cafe\u0301.png', 'caf\u00e9.png'],
    ['..hidden/x..y', '..hidden/x..y'],
  ])('accepts %j', (raw, expected) => {
    expect(checkObjectName(raw)).toEqual({ ok: true, name: expected });
  });

  it.each([
    ['', 'empty'],
    ['../etc/passwd', '..'],
    ['a/../../b', '..'],
    ['a/./b', '..'],
    ['.', '..'],
    ['/etc/passwd', 'relative'],
    ['C:/Windows/win.ini', 'drive'],
    ['a\\..\\b', '\\'],
    ['a//b', 'empty folder'],
    ['folder/', 'empty folder'],
    ['nul\u0000byte', 'control'],
    ['line\nbreak', 'control'],
    ['bell\u0007', 'control'],
    ['c1\u0085', 'control'],
    ['lone\ud800', 'broken'],
    ['x'.repeat(1025), 'longer than 1024'],
    [`${'y'.repeat(256)}/z`, 'longer than 255'],
  ])('refuses %j', (raw, reason) => {
    const check = checkObjectName(raw);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(reason);
  });
});

describe('checkBucketName', () => {
  it.each(['receipts', 'my-bucket_2', 'ab'])('accepts %s', (name) => expect(checkBucketName(name).ok).toBe(true));
  it.each(['A', 'Upper', '-lead', 'a', 'with space', 'dot.ted', 'x'.repeat(64), 'list', 'public', 'sign', '../x'])('refuses %s', (name) =>
    expect(checkBucketName(name).ok).toBe(false),
  );
});

describe('evaluateStorageAccess (SPEC §6 per bucket)', () => {
  const receipts = SYSTEM_BUCKETS['expense-receipts'];
  const invoices = SYSTEM_BUCKETS['purchase-invoices'];
  const incidents = SYSTEM_BUCKETS['incident-photos'];
  const products = SYSTEM_BUCKETS['product-images'];
  it.each<[string, Actor, BucketPolicy, StorageAction, boolean | 'feature_disabled']>([
    ['owner manages buckets', owner, CUSTOM_BUCKET_POLICY, 'manage', true],
    ['admin with can_change_settings manages buckets', settingsAdmin, CUSTOM_BUCKET_POLICY, 'manage', true],
    ['admin without it does not', plainAdmin, CUSTOM_BUCKET_POLICY, 'manage', false],
    ['manager does not manage buckets', employee('manager'), CUSTOM_BUCKET_POLICY, 'manage', false],
    ['cashier reads a custom bucket', employee('cashier'), CUSTOM_BUCKET_POLICY, 'read', true],
    ['cashier does not write a custom bucket', employee('cashier'), CUSTOM_BUCKET_POLICY, 'write', false],
    ['owner removes', owner, receipts, 'remove', true],
    ['cashier does not remove, even a receipt', employee('cashier'), receipts, 'remove', false],
    ['cashier uploads an expense receipt (pos)', employee('cashier'), receipts, 'write', true],
    ['kitchen does not upload an expense receipt', employee('kitchen'), receipts, 'write', false],
    ['cashier without can_manage_inventory: no purchase invoice', employee('cashier'), invoices, 'write', false],
    ['cashier with can_manage_inventory: purchase invoice', employee('cashier', { can_manage_inventory: true }), invoices, 'write', true],
    ['kitchen uploads an incident photo', employee('kitchen'), incidents, 'write', true],
    ['cashier uploads an incident photo', employee('cashier'), incidents, 'write', true],
    ['cashier does not upload a product image', employee('cashier'), products, 'write', false],
    ['admin with can_edit_product_details uploads a product image', employee('admin', {}, { can_edit_product_details: true }), products, 'write', true],
    ['kitchen reads product images', employee('kitchen'), products, 'read', true],
    ['kitchen does not read expense receipts', employee('kitchen'), receipts, 'read', false],
    ['settings admin reads expense receipts', settingsAdmin, receipts, 'read', true],
  ])('%s', (_name, actor, policy, action, expected) => {
    const decision = evaluateStorageAccess(actor, policy, action, features);
    if (expected === 'feature_disabled') expect(decision).toMatchObject({ allowed: false, code: 'feature_disabled' });
    else expect(decision.allowed).toBe(expected);
  });

  it('a bucket of a switched-off feature refuses even the owner', () => {
    const off = { ...features, vehicle_services: false };
    expect(evaluateStorageAccess(owner, SYSTEM_BUCKETS['inspection-photos'], 'read', off)).toMatchObject({ allowed: false, code: 'feature_disabled' });
  });

  it('names its policies', () => {
    expect(bucketPolicyOf('expense-receipts')).toBe(receipts);
    expect(bucketPolicyOf('anything-else')).toBe(CUSTOM_BUCKET_POLICY);
  });
});

describe('storage contracts', () => {
  it('lists 100 by name ascending unless told otherwise (SPEC §7)', () => {
    expect(listObjectsInput.parse({})).toEqual({ prefix: '', limit: 100, offset: 0, sort_by: { column: 'name', order: 'asc' } });
  });
  it('refuses a traversal in a move', () => {
    expect(moveObjectInput.safeParse({ bucket: 'docs', source_key: 'a.txt', destination_key: '../b.txt' }).success).toBe(false);
  });
});
