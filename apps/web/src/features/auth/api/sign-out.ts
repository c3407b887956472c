import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignOutScope } from '@till/core';
import { isApiError } from '@/lib/api-client';
import { api, dataOf } from '@/lib/api';
import { clearEmployeeSession } from '@/lib/employee-session';
import { publishAuthEvent } from '@/lib/auth-events';
import { forgetCachedMe } from '@/lib/me';

export function signOut(scope: SignOutScope = 'local') {
  return dataOf(api.POST('/api/auth/sign-out', { params: { query: { scope } } }));
}

export function useSignOut() {
  const queryClient = useQueryClient();
  // Drop everything the account loaded. Removing (not resetting) leaves the mounted page as it
  // is until the caller navigates away, and makes the next guarded page fetch /api/me afresh.
  // SPEC §9's profile cache goes too, or the next visitor would see this account's shell.
  const forgetAccount = () => {
    forgetCachedMe();
    // An employee session rides on the account's: without the account it is nobody's.
    clearEmployeeSession();
    queryClient.removeQueries();
    // Every other tab of this browser signs out too.
    publishAuthEvent('SIGNED_OUT');
  };
  return useMutation({
    mutationFn: (scope: SignOutScope = 'local') => signOut(scope),
    onSuccess: forgetAccount,
    onError: (error) => {
      // The session is already gone: that is what signing out wanted.
      if (isApiError(error) && error.status === 401) forgetAccount();
    },
  });
}
