import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAuthEvent, publishAuthEvent } from '@/lib/auth-events';
import { clearEmployeeSession } from '@/lib/employee-session';
import { forgetCachedMe, meQueryKey, SIGNED_OUT_ME } from '@/lib/me';

/**
 * Another tab signed out: everything this tab loaded for the account goes, and the guarded page
 * it shows re-asks the server (which sends it to sign in). Signed in or updated elsewhere: who is
 * signed in is asked again.
 */
export function AuthEventsWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = onAuthEvent((event) => {
      if (event === 'SIGNED_OUT') {
        forgetCachedMe();
        clearEmployeeSession();
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
        // The session cookie is this browser's, so this tab is signed out as well: say so at once,
        // and the guarded page sends it to sign in. Waiting for /api/me alone was not enough: a CI
        // trace showed a loaded tab re-asking its page's queries (400 session_not_found) but never
        // /api/me, and staying on the account's page.
        queryClient.setQueryData(meQueryKey, SIGNED_OUT_ME);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      } else if (event !== 'INITIAL_SESSION') {
        forgetCachedMe();
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    });
    publishAuthEvent('INITIAL_SESSION');
    return stop;
  }, [queryClient]);
  return null;
}
