import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiBody } from '@/lib/api';
import { publishAuthEvent } from '@/lib/auth-events';
import { forgetCachedMe } from '@/lib/me';

/** An invitation (decision 067): the invitee's password is set, the address confirmed, and they are signed in. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/auth/invite/accept'>) => dataOf(api.POST('/api/auth/invite/accept', { body })),
    onSuccess: (response) => {
      forgetCachedMe();
      queryClient.clear();
      if (!response.second_step) publishAuthEvent('SIGNED_IN');
    },
  });
}
