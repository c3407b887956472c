import { allAdminPermissions, allEmployeePermissions } from '@till/core';
import { describe, expect, it } from 'vitest';
import type { Employee } from '../api/types';
import { emptyEmployeeForm, employeeForm, employeeFormValues, toCreateInput, toUpdatePatch } from './employee-form';

const cashier: Employee = {
  id: '6f1c2a4e-8b0d-4c55-9d1e-2a7b3c4d5e6f',
  full_name: 'Cara Cash',
  email: null,
  role: 'cashier',
  is_active: true,
  permissions: allEmployeePermissions(false),
  admin_permissions: null,
  has_pin: true,
  setup_code_expires_at: null,
  pin_locked_until: null,
  created_at: '2025-03-01T08:00:00.000Z',
};

describe('employeeForm', () => {
  it('accepts an empty email and an empty PIN, and 4 to 6 digit PINs', () => {
    expect(employeeForm.safeParse({ ...emptyEmployeeForm(), fullName: 'Cara' }).success).toBe(true);
    for (const pin of ['4321', '12345', '123456']) {
      expect(employeeForm.safeParse({ ...emptyEmployeeForm(), fullName: 'Cara', pin }).success).toBe(true);
    }
  });

  it('refuses a blank name, a bad email and a PIN that is not 4 to 6 digits', () => {
    const issues = (values: object) => employeeForm.safeParse({ ...emptyEmployeeForm(), fullName: 'Cara', ...values }).error?.issues[0]?.message;
    expect(issues({ fullName: '  ' })).toBe('Enter the employee’s name');
    expect(issues({ email: 'not-an-email' })).toBe('Enter an email address, or leave it empty');
    expect(issues({ pin: '123' })).toBe('A PIN is 4 to 6 digits');
    expect(issues({ pin: '1234567' })).toBe('A PIN is 4 to 6 digits');
    expect(issues({ pin: '12a4' })).toBe('A PIN is 4 to 6 digits');
  });
});

describe('toCreateInput', () => {
  it('sends admin flags only for an admin and the PIN only when typed', () => {
    const values = { ...emptyEmployeeForm(), fullName: ' Cara Cash ', email: '', pin: '4321' };
    expect(toCreateInput(values)).toEqual({
      fullName: 'Cara Cash',
      email: null,
      role: 'cashier',
      permissions: allEmployeePermissions(false),
      pin: '4321',
    });
    const admin = toCreateInput({ ...values, role: 'admin', pin: '', adminPermissions: { ...allAdminPermissions(false), can_add_employees: true } });
    expect(admin.adminPermissions?.can_add_employees).toBe(true);
    expect(admin).not.toHaveProperty('pin');
  });
});

describe('toUpdatePatch', () => {
  it('is empty when nothing changed', () => {
    expect(toUpdatePatch(cashier, employeeFormValues(cashier))).toEqual({});
  });

  it('sends only the changed fields and flags', () => {
    const values = employeeFormValues(cashier);
    values.fullName = 'Cara C.';
    values.email = 'cara@example.com';
    values.permissions.can_apply_discounts = true;
    values.pin = '9876';
    expect(toUpdatePatch(cashier, values)).toEqual({
      fullName: 'Cara C.',
      email: 'cara@example.com',
      permissions: { can_apply_discounts: true },
      pin: '9876',
    });
  });

  it('sends every admin flag that is on when someone becomes an admin', () => {
    const values = { ...employeeFormValues(cashier), role: 'admin' as const };
    values.adminPermissions.can_view_reports = true;
    expect(toUpdatePatch(cashier, values)).toEqual({ role: 'admin', adminPermissions: { can_view_reports: true } });
  });

  it('never sends a role or flags for the business owner', () => {
    const owner: Employee = { ...cashier, role: 'business_owner', permissions: allEmployeePermissions(true) };
    const values = { ...employeeFormValues(owner), fullName: 'Ann' };
    values.permissions.can_access_reports = false;
    expect(toUpdatePatch(owner, values)).toEqual({ fullName: 'Ann' });
  });
});
