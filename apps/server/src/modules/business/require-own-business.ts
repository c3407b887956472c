import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { SignedInAccount } from '../../lib/context.ts';
import { accountsRepository } from '../auth/accounts.repository.ts';

/** The business this account owns; business setup is the owner account's job. */
export async function requireOwnBusiness(db: Db, account: SignedInAccount): Promise<{ businessId: string; userId: string }> {
  const accounts = accountsRepository(db);
  const profile = await accounts.findProfile(account.user.id);
  if (!profile || !(await accounts.isBusinessOwnerAccount(account.user.id, profile.businessId))) {
    throw forbidden('not_business_owner', 'Only the account that owns the business can do this');
  }
  return { businessId: profile.businessId, userId: account.user.id };
}
