import type { Database } from '../../db/client.ts';
import type { RegisterResolver } from '../../lib/context.ts';
import { secretMatches } from './register-credential.ts';
import { registersRepository } from './registers.repository.ts';

/**
 * Checks the till credential of every request that carries one. Not cached: unpairing a till
 * must stop it at once in every app process, and the lookup is one primary-key read.
 */
export function createRegisterResolver(options: { database: Database; now?: () => Date }): RegisterResolver {
  const now = options.now ?? (() => new Date());
  return {
    async resolve(credential) {
      const row = await registersRepository.findPaired(options.database.db, credential.registerId);
      if (!row || !secretMatches(credential.secret, row.credentialHash)) return null;
      const at = now();
      if (!row.lastSeenAt || at.getTime() - row.lastSeenAt.getTime() > 60_000) {
        await registersRepository.touchLastSeen(options.database.db, row.registerId, at);
      }
      return {
        registerId: row.registerId,
        registerName: row.registerName,
        storeId: row.storeId,
        businessId: row.businessId,
        ownerUserId: row.ownerUserId,
        enabledFeatures: row.enabledFeatures,
      };
    },
  };
}
