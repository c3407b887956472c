import type { PaymentMethod } from './checkout.ts';
import type { EmployeeRole } from './permissions.ts';

export interface RefundShare {
  method: PaymentMethod;
  /** Positive minor units paid back by this method. */
  amount: number;
}

/** Card first, so money goes back to the card it came from and the drawer pays out only for cash. */
export const REFUND_METHOD_ORDER: readonly PaymentMethod[] = ['card', 'gift_card', 'points', 'other', 'cash'];

/**
 * How a refund goes back when the operator does not choose: the way the money came in. Each
 * method may give back what it took minus what earlier refunds already gave back through it,
 * card first, then gift cards, points (decision 064), other, then cash. A card that took 10.00 of a split sale never refunds more
 * than 10.00; the rest goes back as the other part was paid.
 *
 * `payments` are the order's payment rows: sales positive, earlier refunds negative. If the
 * balances cannot cover the refund (they always can for a refund the server allowed), the
 * remainder goes to the last method, so nothing is lost.
 */
export function allocateRefund(payments: readonly { method: PaymentMethod; amount: number }[], total: number): RefundShare[] {
  if (total <= 0) return [];
  const balances = new Map<PaymentMethod, number>();
  for (const method of REFUND_METHOD_ORDER) {
    const used = payments.filter((payment) => payment.method === method);
    if (used.length) balances.set(method, used.reduce((sum, payment) => sum + payment.amount, 0));
  }
  const shares: RefundShare[] = [];
  let left = total;
  for (const [method, balance] of balances) {
    if (left === 0) break;
    const amount = Math.min(left, Math.max(balance, 0));
    if (amount > 0) {
      shares.push({ method, amount });
      left -= amount;
    }
  }
  if (left > 0) {
    const last = shares.at(-1);
    if (last) last.amount += left;
    else shares.push({ method: [...balances.keys()].at(-1) ?? 'cash', amount: left });
  }
  return shares;
}

/**
 * Does paying `total` back all by `method` differ from the way the money came in? Then it is a
 * method override (card money paid out of the drawer, say): it needs a manager-level role and is
 * audited (docs/decisions/016).
 */
export function isRefundMethodOverride(
  payments: readonly { method: PaymentMethod; amount: number }[],
  total: number,
  method: PaymentMethod | null | undefined,
): boolean {
  if (!method || total <= 0) return false;
  const asPaid = allocateRefund(payments, total);
  return !(asPaid.length === 1 && asPaid[0]!.method === method);
}

/**
 * Who may pay a refund back another way than it came in (decision 016): the roles SPEC §6 lets
 * through every employee permission check (manager, admin, business owner; the owner's own
 * account acts as business_owner). A cashier with can_process_refunds refunds the way it was paid.
 */
export const REFUND_METHOD_OVERRIDE_ROLES: readonly EmployeeRole[] = ['manager', 'admin', 'business_owner'];

export function canOverrideRefundMethod(role: EmployeeRole | null | undefined): boolean {
  return role != null && REFUND_METHOD_OVERRIDE_ROLES.includes(role);
}
