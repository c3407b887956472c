import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { startSso, useFinishSso, useSsoProviders } from '../api/sso';
import type { SignInResponse } from '../api/types';

/**
 * "Sign in with <provider>" (decision 063), shown when the platform has an SSO provider. The
 * provider sends the browser back to this page with ?code=… (traded here for a session) or
 * ?error=… (shown); either is then taken off the address.
 */
export function SsoSignIn({ onSuccess }: { onSuccess: (response: SignInResponse) => void }) {
  const providers = useSsoProviders().data ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const finish = useFinishSso();
  const [starting, setStarting] = useState<string | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const returned = useRef<{ code: string | null; error: string | null; description: string | null } | null>(null);

  const code = searchParams.get('code');
  const error = searchParams.get('error');
  useEffect(() => {
    if ((!code && !error) || returned.current) return;
    returned.current = { code, error, description: searchParams.get('error_description') };
    setSearchParams(
      (params) => {
        for (const name of ['code', 'error', 'error_description']) params.delete(name);
        return params;
      },
      { replace: true },
    );
    if (code) finish.mutate(code, { onSuccess });
  }, [code, error, searchParams, setSearchParams, finish, onSuccess]);

  const providerError = returned.current?.error ? (returned.current.description ?? 'The sign-in did not finish. Try again.') : null;
  if (providers.length === 0 && !providerError && !finish.isError && !finish.isPending) return null;

  const begin = (providerId: string) => {
    setStarting(providerId);
    setStartError(null);
    const here = new URLSearchParams(search);
    for (const name of ['code', 'error', 'error_description']) here.delete(name);
    const query = here.toString();
    startSso(providerId, `${pathname}${query ? `?${query}` : ''}`).catch((failure: unknown) => {
      setStarting(null);
      setStartError(failure);
    });
  };

  return (
    <div className="grid gap-3">
      {providerError ? <ErrorAlert message={providerError} /> : null}
      {finish.isError ? <ErrorAlert error={finish.error} /> : null}
      {startError ? <ErrorAlert error={startError} /> : null}
      {providers.length > 0 ? (
        <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      {providers.map((provider) => (
        <Button key={provider.id} type="button" variant="outline" size="lg" className="w-full" disabled={starting !== null || finish.isPending} onClick={() => begin(provider.id)}>
          {finish.isPending ? 'Signing in...' : starting === provider.id ? `Opening ${provider.name}...` : `Sign in with ${provider.name}`}
        </Button>
      ))}
    </div>
  );
}
