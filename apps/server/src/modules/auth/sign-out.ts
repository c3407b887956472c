import type { SignOutScope } from '@till/core';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { signOutAccessToken } from './tokens.ts';

/**
 * SPEC §5 scopes: local ends this session, others ends every other session of the account and
 * keeps this one, global ends them all. Without a session there is nothing to end.
 */
export async function signOut(
  services: Services,
  input: { scope: SignOutScope; account: SignedInAccount | null },
  requestHeaders: Headers,
): Promise<{ headers: Headers }> {
  const api = services.auth.api;
  if (!input.account) return { headers: new Headers() };
  // An access-token caller has no cookie for better-auth to read: its sessions end by id (decision 063).
  if (input.account.viaAccessToken) {
    await signOutAccessToken(services, input.account, input.scope);
    return { headers: new Headers() };
  }
  // Whatever the scope, this account's sessions change: forget them all here, they re-resolve.
  services.sessionCache.forgetUser(input.account.user.id);
  if (input.scope === 'others') {
    await api.revokeOtherSessions({ headers: requestHeaders });
    // Every app process has dropped the revoked sessions before the caller hears of it.
    await services.realtime.barrier();
    return { headers: new Headers() };
  }
  if (input.scope === 'global') await api.revokeSessions({ headers: requestHeaders });
  const { headers } = await api.signOut({ headers: requestHeaders, returnHeaders: true });
  await services.realtime.barrier();
  return { headers };
}
