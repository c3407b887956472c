import type { BillPartView, DiningAreaView } from '@till/core';
import { CLAIM_STALE_MS } from '../kitchen/pay-ticket.ts';
import type { AreaRow, BillPartRow } from './dining.repository.ts';

export const toAreaView = (area: AreaRow): DiningAreaView => ({ id: area.id, name: area.name, position: area.position });

/** Whether a claim (of a ticket or a part) still holds: taken less than two minutes ago. */
export const claimHeld = (key: string | null, claimedAt: Date | null, now = new Date()) =>
  Boolean(key && claimedAt && claimedAt.getTime() > now.getTime() - CLAIM_STALE_MS);

export function toBillPartView(part: BillPartRow): BillPartView {
  return {
    id: part.id,
    position: part.position,
    label: part.label,
    status: part.orderId ? 'paid' : claimHeld(part.paymentKey, part.paymentClaimedAt) ? 'paying' : 'open',
    order_id: part.orderId,
    // Stored as written before decision 070 ({ itemId, quantity }): mapped to the wire here.
    lines: part.lines.map((line) => ({ item_id: line.itemId, quantity: line.quantity })),
  };
}
