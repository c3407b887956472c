import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withoutEmployeeSession } from '@/lib/api-client';
import { api, dataOf } from '@/lib/api';
import { writeEmployeeSession, type StoredEmployeeSession } from '@/lib/employee-session';
import { forgetActorQueries } from '@/lib/actor-queries';

/** The PIN sign-in body; the server checks it (a PIN is 4 to 6 digits). */
export interface SignInEmployeeInput {
  employeeId: string;
  pin: string;
  /** Past a till's or the business's hourly cap: the owner's password lets the right PIN through. */
  ownerPassword?: string;
}

function toSignInBody(input: SignInEmployeeInput) {
  return { employee_id: input.employeeId, pin: input.pin, ...(input.ownerPassword !== undefined ? { owner_password: input.ownerPassword } : {}) };
}

export async function signInEmployee(input: SignInEmployeeInput): Promise<StoredEmployeeSession> {
  // POST /api/employee-sessions: a new token and SPEC §3's session fields (admin flags when the server sends them).
  // An old token would make this a request of the employee it belonged to, or fail with it.
  const response = await dataOf(api.POST('/api/employee-sessions', { body: toSignInBody(input), headers: withoutEmployeeSession }));
  const stored: StoredEmployeeSession = {
    employee_id: response.session.employee_id,
    employee_name: response.session.employee_name,
    employee_role: response.session.employee_role,
    permissions: response.session.permissions,
    login_time: response.session.login_time,
    token: response.token,
    received_at: Date.now(),
    ...(response.session.admin_permissions !== undefined ? { admin_permissions: response.session.admin_permissions } : {}),
  };
  return stored;
}

/**
 * PIN sign-in: every sign-in replaces the stored session and its token (SPEC §4).
 * `onSignedIn` runs in the same task as the session is stored, before the screen re-renders
 * for the new session (which may unmount the caller), so a navigation there always happens.
 */
export function useSignInEmployee({ onSignedIn }: { onSignedIn?: (session: StoredEmployeeSession) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInEmployee,
    onSuccess: (session) => {
      // What the previous actor loaded is not this employee's to see.
      forgetActorQueries(queryClient);
      writeEmployeeSession(session);
      onSignedIn?.(session);
    },
  });
}
