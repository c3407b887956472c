import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { publishAuthEvent } from '@/lib/auth-events';
import { forgetCachedMe } from '@/lib/me';

/** The PKCE verifier waits here while the browser is at the provider (this tab only). */
const VERIFIER_KEY = 'till.sso.verifier';

/** PKCE needs SHA-256 from the browser, which only a secure page (HTTPS or localhost) has. */
export const ssoAvailableHere = () => typeof window !== 'undefined' && Boolean(window.crypto?.subtle);

export function useSsoProviders() {
  return useQuery({
    queryKey: ['sso-providers'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/auth/sso/providers', { signal })),
    staleTime: 5 * 60_000,
    enabled: ssoAvailableHere(),
  });
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Keeps a new verifier, asks the server for the provider's URL (with the S256 challenge) and goes
 * there: the platform's provider by id, or a business's by the domain of a work e-mail (decision 068).
 */
export async function startSso(provider: { provider_id: string } | { domain: string }, redirectTo: string): Promise<void> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  sessionStorage.setItem(VERIFIER_KEY, verifier);
  const answer = await dataOf(api.POST('/api/auth/sso', { body: { ...provider, code_challenge: challenge, code_challenge_method: 's256', redirect_to: redirectTo } }));
  window.location.assign(answer.url);
}

/** Back from the provider with a one-time code: traded, with the verifier, for a session. */
export function useFinishSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (authCode: string) => {
      const verifier = sessionStorage.getItem(VERIFIER_KEY);
      sessionStorage.removeItem(VERIFIER_KEY);
      if (!verifier) throw new Error('This sign-in was started in another tab or browser. Start it again here.');
      return dataOf(api.POST('/api/auth/token', { params: { query: { grant_type: 'pkce' } }, body: { auth_code: authCode, code_verifier: verifier } }));
    },
    onSuccess: (response) => {
      forgetCachedMe();
      queryClient.clear();
      if (!response.second_step) publishAuthEvent('SIGNED_IN');
    },
  });
}
