import { describe, it, expect } from 'vitest';
import {
  ADMIN_PERMISSION_FLAGS,
  EMPLOYEE_FEATURE_ACCESS,
  EMPLOYEE_FEATURES,
  EMPLOYEE_PERMISSION_FLAGS,
  EMPLOYEE_ROLES,
  PAGE_KEYS,
  allAdminPermissions,
  allEmployeePermissions,
  canAccessEmployeeFeature,
  canAccessPage,
  hasEmployeePermission,
  isEmployeeRole,
  isPageKey,
  isPosRole,
  normalizeAdminPermissions,
  normalizeEmployeePermissions,
  pickAdminRoleRow,
  resolveAdminPermissions,
  type AdminPermissionFlag,
  type AdminPermissions,
  type EmployeeFeature,
  type EmployeePermissionFlag,
  type EmployeeRole,
} from './permissions.ts';

describe('names from SPEC §3 and §2', () => {
  it('lists the five roles', () => {
    expect(EMPLOYEE_ROLES).toEqual(['business_owner', 'admin', 'manager', 'cashier', 'kitchen']);
  });

  it('lists the six employee permission flags', () => {
    expect(EMPLOYEE_PERMISSION_FLAGS).toEqual([
      'can_access_reports',
      'can_apply_discounts',
      'can_process_refunds',
      'can_manage_inventory',
      'can_manage_employees',
      'can_access_settings',
    ]);
  });

  it('lists the nine admin permission flags', () => {
    expect(ADMIN_PERMISSION_FLAGS).toEqual([
      'can_kick_employees',
      'can_add_employees',
      'can_view_reports',
      'can_change_settings',
      'can_add_categories',
      'can_add_products',
      'can_change_prices',
      'can_make_orders',
      'can_edit_product_details',
    ]);
  });

  it('lists the four page keys', () => {
    expect(PAGE_KEYS).toEqual(['employees', 'reports', 'analytics', 'settings']);
    expect(isPageKey('settings')).toBe(true);
    expect(isPageKey('orders')).toBe(false);
  });

  it.each([
    ['cashier', true],
    ['business_owner', true],
    ['owner', false],
    ['', false],
    [null, false],
    [3, false],
  ])('isEmployeeRole(%j) is %s', (value, expected) => {
    expect(isEmployeeRole(value)).toBe(expected);
  });
});

describe('allEmployeePermissions / allAdminPermissions', () => {
  it.each([true, false])('sets every employee flag to %s', (value) => {
    const permissions = allEmployeePermissions(value);
    expect(Object.keys(permissions)).toEqual([...EMPLOYEE_PERMISSION_FLAGS]);
    expect(Object.values(permissions).every((flag) => flag === value)).toBe(true);
  });

  it.each([true, false])('sets every admin flag to %s', (value) => {
    const permissions = allAdminPermissions(value);
    expect(Object.keys(permissions)).toEqual([...ADMIN_PERMISSION_FLAGS]);
    expect(Object.values(permissions).every((flag) => flag === value)).toBe(true);
  });
});

describe('normalizeEmployeePermissions', () => {
  const none = allEmployeePermissions(false);

  it.each<[string, unknown, Partial<Record<EmployeePermissionFlag, boolean>>]>([
    ['null', null, {}],
    ['undefined', undefined, {}],
    ['a string', 'can_access_reports', {}],
    ['an array', ['can_access_reports'], {}],
    ['an empty object', {}, {}],
    ['one true flag', { can_process_refunds: true }, { can_process_refunds: true }],
    ['explicit false', { can_process_refunds: false }, {}],
    ['a truthy non-boolean', { can_access_reports: 'true', can_apply_discounts: 1 }, {}],
    ['an unknown key', { can_fly: true, can_access_settings: true }, { can_access_settings: true }],
  ])('%s', (_name, stored, granted) => {
    const result = normalizeEmployeePermissions(stored);
    expect(result).toEqual({ ...none, ...granted });
    expect(Object.keys(result).sort()).toEqual([...EMPLOYEE_PERMISSION_FLAGS].sort());
  });
});

describe('normalizeAdminPermissions', () => {
  const none = allAdminPermissions(false);

  it.each<[string, unknown, Partial<AdminPermissions>]>([
    ['null', null, {}],
    ['a number', 7, {}],
    ['an array', [true], {}],
    ['two true flags', { can_view_reports: true, can_make_orders: true }, { can_view_reports: true, can_make_orders: true }],
    ['a string "true"', { can_change_settings: 'true' }, {}],
    ['an unknown key', { can_delete_business: true }, {}],
  ])('%s', (_name, stored, granted) => {
    const result = normalizeAdminPermissions(stored);
    expect(result).toEqual({ ...none, ...granted });
    expect('can_delete_business' in result).toBe(false);
  });

  it('keeps every one of the nine flags when stored true', () => {
    for (const flag of ADMIN_PERMISSION_FLAGS) {
      expect(normalizeAdminPermissions({ [flag]: true })).toEqual({ ...none, [flag]: true });
    }
  });
});

describe('resolveAdminPermissions (SPEC §6)', () => {
  const stored = { can_view_reports: true, can_add_products: true };
  const storedResolved = { ...allAdminPermissions(false), can_view_reports: true, can_add_products: true };

  it.each<[EmployeeRole | null, unknown, AdminPermissions]>([
    ['business_owner', null, allAdminPermissions(true)],
    ['business_owner', { can_view_reports: false }, allAdminPermissions(true)],
    ['admin', stored, storedResolved],
    ['admin', null, allAdminPermissions(false)],
    ['admin', undefined, allAdminPermissions(false)],
    ['manager', stored, allAdminPermissions(false)],
    ['cashier', allAdminPermissions(true), allAdminPermissions(false)],
    ['kitchen', allAdminPermissions(true), allAdminPermissions(false)],
    [null, allAdminPermissions(true), allAdminPermissions(false)],
  ])('role %s with stored %j', (role, storedFlags, expected) => {
    expect(resolveAdminPermissions(role, storedFlags)).toEqual(expected);
  });
});

describe('hasEmployeePermission (SPEC §6)', () => {
  const rows: [EmployeeRole | null, boolean][] = [
    ['business_owner', true],
    ['admin', true],
    ['manager', true],
    ['cashier', false],
    ['kitchen', false],
    [null, false],
  ];

  for (const flag of EMPLOYEE_PERMISSION_FLAGS) {
    it.each(rows)(`${flag}: role %s without the flag -> %s`, (role, expected) => {
      expect(hasEmployeePermission(role, allEmployeePermissions(false), flag)).toBe(expected);
    });

    it.each(rows)(`${flag}: role %s with only that flag -> true`, (role) => {
      expect(hasEmployeePermission(role, { ...allEmployeePermissions(false), [flag]: true }, flag)).toBe(true);
    });
  }

  it('needs the named flag, not another one', () => {
    expect(hasEmployeePermission('cashier', { ...allEmployeePermissions(false), can_apply_discounts: true }, 'can_process_refunds')).toBe(false);
  });

  it('denies when permissions are missing', () => {
    expect(hasEmployeePermission('cashier', null, 'can_apply_discounts')).toBe(false);
    expect(hasEmployeePermission('manager', null, 'can_apply_discounts')).toBe(true);
  });
});

describe('canAccessEmployeeFeature (SPEC §6 feature table)', () => {
  it('has exactly the six SPEC rows', () => {
    expect(Object.keys(EMPLOYEE_FEATURE_ACCESS)).toEqual([...EMPLOYEE_FEATURES]);
    expect(EMPLOYEE_FEATURES).toEqual(['pos', 'kitchen', 'reports', 'inventory', 'refunds', 'discounts']);
  });

  // role -> [without any flag, with only the row's flag]
  const table: Record<EmployeeFeature, { flag?: EmployeePermissionFlag; expected: Record<EmployeeRole, [boolean, boolean]> }> = {
    pos: {
      expected: { business_owner: [true, true], admin: [true, true], manager: [true, true], cashier: [true, true], kitchen: [false, false] },
    },
    kitchen: {
      expected: { business_owner: [true, true], admin: [true, true], manager: [true, true], cashier: [false, false], kitchen: [true, true] },
    },
    reports: {
      flag: 'can_access_reports',
      expected: { business_owner: [true, true], admin: [true, true], manager: [true, true], cashier: [false, true], kitchen: [false, true] },
    },
    inventory: {
      flag: 'can_manage_inventory',
      expected: { business_owner: [true, true], admin: [true, true], manager: [true, true], cashier: [false, true], kitchen: [false, true] },
    },
    refunds: {
      flag: 'can_process_refunds',
      expected: { business_owner: [true, true], admin: [true, true], manager: [true, true], cashier: [false, true], kitchen: [false, true] },
    },
    discounts: {
      flag: 'can_apply_discounts',
      expected: { business_owner: [true, true], admin: [true, true], manager: [true, true], cashier: [false, true], kitchen: [false, true] },
    },
  };

  for (const feature of EMPLOYEE_FEATURES) {
    const { flag, expected } = table[feature];
    for (const role of EMPLOYEE_ROLES) {
      const [withoutFlag, withFlag] = expected[role];
      it(`${feature} / ${role}: ${withoutFlag} without flag, ${withFlag} with ${flag ?? 'any flag'}`, () => {
        expect(canAccessEmployeeFeature(role, allEmployeePermissions(false), feature)).toBe(withoutFlag);
        const granted = flag ? { ...allEmployeePermissions(false), [flag]: true } : allEmployeePermissions(true);
        expect(canAccessEmployeeFeature(role, granted, feature)).toBe(withFlag);
      });
    }
  }

  it('flag rows ignore the other flags', () => {
    const everythingButReports = { ...allEmployeePermissions(true), can_access_reports: false };
    expect(canAccessEmployeeFeature('cashier', everythingButReports, 'reports')).toBe(false);
  });

  it('denies every feature without a role and without flags', () => {
    for (const feature of EMPLOYEE_FEATURES) expect(canAccessEmployeeFeature(null, null, feature)).toBe(false);
  });
});

describe('canAccessPage (SPEC §6 page access)', () => {
  const only = (...flags: AdminPermissionFlag[]): AdminPermissions => ({
    ...allAdminPermissions(false),
    ...Object.fromEntries(flags.map((flag) => [flag, true])),
  });

  it.each<[string, AdminPermissions, boolean]>([
    ['employees', only(), false],
    ['employees', only('can_add_employees'), true],
    ['employees', only('can_kick_employees'), true],
    ['employees', only('can_view_reports', 'can_change_settings'), false],
    ['reports', only(), false],
    ['reports', only('can_view_reports'), true],
    ['reports', only('can_add_employees', 'can_change_settings'), false],
    ['analytics', only(), false],
    ['analytics', only('can_view_reports'), true],
    ['analytics', allAdminPermissions(true), true],
    ['settings', only(), false],
    ['settings', only('can_change_settings'), true],
    ['settings', only('can_view_reports', 'can_add_employees'), false],
    ['orders', only(), true],
    ['dashboard', only(), true],
    ['', only(), true],
  ])('%s with %j -> %s', (page, permissions, expected) => {
    expect(canAccessPage(permissions, page)).toBe(expected);
  });

  it('the owner reaches every page key', () => {
    const owner = resolveAdminPermissions('business_owner', null);
    for (const page of PAGE_KEYS) expect(canAccessPage(owner, page)).toBe(true);
  });

  it('a cashier reaches no page key', () => {
    const cashier = resolveAdminPermissions('cashier', allAdminPermissions(true));
    for (const page of PAGE_KEYS) expect(canAccessPage(cashier, page)).toBe(false);
  });
});

describe('pickAdminRoleRow (SPEC §6 admin-role lookup)', () => {
  type Row = { id: number; role: string; is_active: boolean };
  const row = (id: number, role: string, is_active = true): Row => ({ id, role, is_active });

  it.each<[string, Row[], number | null]>([
    ['no rows', [], null],
    ['only inactive rows', [row(1, 'business_owner', false), row(2, 'admin', false)], null],
    ['owner wins over an earlier admin', [row(1, 'admin'), row(2, 'cashier'), row(3, 'business_owner')], 3],
    ['first active owner of two', [row(1, 'business_owner', false), row(2, 'business_owner'), row(3, 'business_owner')], 2],
    ['admin wins over an earlier manager', [row(1, 'manager'), row(2, 'admin')], 2],
    ['inactive owner is skipped for an active admin', [row(1, 'business_owner', false), row(2, 'admin')], 2],
    ['inactive admin is skipped for any active row', [row(1, 'admin', false), row(2, 'kitchen'), row(3, 'cashier')], 2],
    ['first active row of any role', [row(1, 'cashier', false), row(2, 'manager'), row(3, 'cashier')], 2],
    ['an unknown role still counts as a row', [row(1, 'waiter')], 1],
  ])('%s', (_name, rows, expectedId) => {
    expect(pickAdminRoleRow(rows)?.id ?? null).toBe(expectedId);
  });
});

describe('isPosRole (/employee-pos guard)', () => {
  it.each<[EmployeeRole | null, boolean]>([
    ['business_owner', true],
    ['admin', true],
    ['manager', true],
    ['cashier', true],
    ['kitchen', false],
    [null, false],
  ])('%s -> %s', (role, expected) => {
    expect(isPosRole(role)).toBe(expected);
  });
});
