import { allEmployeePermissions, type EmployeeRole } from '@till/core';
import { describe, expect, it } from 'vitest';
import { orderActionsFor } from './order-permissions';

const session = (role: EmployeeRole, can_process_refunds = false) => ({
  employee_role: role,
  permissions: { ...allEmployeePermissions(false), can_process_refunds },
});
const pos = { pos_system: true };

describe('orderActionsFor', () => {
  it.each([
    ['the owner account', null, pos, { canRefund: true, canVoid: true, canChooseRefundMethod: true }],
    ['an admin', session('admin'), pos, { canRefund: true, canVoid: true, canChooseRefundMethod: true }],
    ['a manager', session('manager'), pos, { canRefund: true, canVoid: true, canChooseRefundMethod: true }],
    ['a cashier without can_process_refunds', session('cashier'), pos, { canRefund: false, canVoid: true, canChooseRefundMethod: false }],
    ['a cashier with can_process_refunds', session('cashier', true), pos, { canRefund: true, canVoid: true, canChooseRefundMethod: false }],
    ['kitchen staff', session('kitchen'), pos, { canRefund: false, canVoid: false, canChooseRefundMethod: false }],
    ['the owner with the point of sale switched off', null, { pos_system: false }, { canRefund: true, canVoid: false, canChooseRefundMethod: true }],
  ] as const)('%s', (_name, actor, features, expected) => {
    expect(orderActionsFor(actor, features)).toEqual(expected);
  });
});
