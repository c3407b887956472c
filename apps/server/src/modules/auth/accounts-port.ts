import type { Database } from '../../db/client.ts';
import type { AppConfig } from '../../env.ts';
import type { AccountsPort, SignedInAccount } from '../../lib/context.ts';
import { accountsRepository } from './accounts.repository.ts';
import type { Auth } from './auth.ts';
import { publicEmail } from './credentials.ts';
import { readAccessToken } from './tokens.ts';
import { readAssurance } from './two-factor.ts';

/** What lib/ (tenant resolution, route access, session reading) asks of accounts, wired in services.ts. */
export function createAccountsPort({ database, auth, config }: { database: Database; auth: Auth; config: AppConfig }): AccountsPort {
  return {
    findBusinessContext: (userId) => accountsRepository(database.db).findBusinessContext(userId),
    isSuperAdmin: (userId) => accountsRepository(database.db).isSuperAdmin(userId),
    userExists: (userId) => accountsRepository(database.db).userExists(userId),
    async readSession(headers) {
      const found = await auth.api.getSession({ headers });
      if (!found) return null;
      const user = found.user as { id: string; email: string; name: string; phoneNumber?: string | null };
      const { secondStep } = await readAssurance({ database }, user.id, found.session.id);
      return {
        user: { id: user.id, email: publicEmail(user.email), name: user.name, phoneNumber: user.phoneNumber ?? null },
        sessionId: found.session.id,
        secondStep,
      } satisfies SignedInAccount;
    },
    readAccessToken: (token) => readAccessToken({ database, config }, token),
  };
}
