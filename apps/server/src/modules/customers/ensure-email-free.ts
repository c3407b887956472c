import type { Tx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { customersRepository as repo } from './customers.repository.ts';

export const emailTaken = () => conflict('customer_email_taken', 'Another customer of this business already has this email address');

/** One email address, one customer per business (case-insensitive). Holds a lock until the transaction ends. */
export async function ensureEmailFree(tx: Tx, businessId: string, email: string, exceptCustomerId: string | null) {
  await repo.lockEmail(tx, businessId, email);
  if (await repo.findByEmail(tx, businessId, email, exceptCustomerId)) throw emailTaken();
}
