import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { startSso, useFinishSso, useSsoProviders } from '../api/sso';
import type { SignInResponse } from '../api/types';

/**
 * "Sign in with <provider>" (decision 063), shown when the platform has an SSO provider; "Sign in
 * with SSO" (decision 068), shown when businesses have their own: the person types their work
 * e-mail and goes to their company's provider. The provider sends the browser back to this page
 * with ?code=… (traded here for a session) or ?error=… (shown); either is then taken off the address.
 */
export function SsoSignIn({ onSuccess }: { onSuccess: (response: SignInResponse) => void }) {
  const answer = useSsoProviders().data;
  const providers = answer?.providers ?? [];
  const workEmail = answer?.work_email ?? false;
  const [askEmail, setAskEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const emailId = useId();
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
  if (providers.length === 0 && !workEmail && !providerError && !finish.isError && !finish.isPending) return null;

  const begin = (key: string, provider: { provider_id: string } | { domain: string }) => {
    setStarting(key);
    setStartError(null);
    const here = new URLSearchParams(search);
    for (const name of ['code', 'error', 'error_description']) here.delete(name);
    const query = here.toString();
    startSso(provider, `${pathname}${query ? `?${query}` : ''}`).catch((failure: unknown) => {
      setStarting(null);
      setStartError(failure);
    });
  };
  const continueWithEmail = () => {
    const at = email.trim().lastIndexOf('@');
    const domain = at > 0 ? email.trim().slice(at + 1) : '';
    if (!domain.includes('.')) {
      setEmailProblem('Enter your work e-mail address, like you@company.com');
      return;
    }
    setEmailProblem(null);
    begin('work-email', { domain });
  };
  // This sits inside the password form: Enter here continues with the work e-mail, not the password sign-in.
  const onEmailKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    continueWithEmail();
  };

  return (
    <div className="grid gap-3">
      {providerError ? <ErrorAlert message={providerError} /> : null}
      {finish.isError ? <ErrorAlert error={finish.error} /> : null}
      {startError ? <ErrorAlert error={startError} /> : null}
      {providers.length > 0 || workEmail ? (
        <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      {providers.map((provider) => (
        <Button key={provider.id} type="button" variant="outline" size="lg" className="w-full" disabled={starting !== null || finish.isPending} onClick={() => begin(provider.id, { provider_id: provider.id })}>
          {finish.isPending ? 'Signing in...' : starting === provider.id ? `Opening ${provider.name}...` : `Sign in with ${provider.name}`}
        </Button>
      ))}
      {workEmail && !askEmail ? (
        <Button type="button" variant="outline" size="lg" className="w-full" disabled={starting !== null || finish.isPending} onClick={() => setAskEmail(true)}>
          {finish.isPending ? 'Signing in...' : 'Sign in with SSO'}
        </Button>
      ) : null}
      {workEmail && askEmail ? (
        <div className="grid gap-3 rounded-md border p-3" role="group" aria-label="Single sign-on">
          <Field>
            <Label htmlFor={emailId}>Work e-mail</Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              placeholder="you@company.com"
              value={email}
              aria-invalid={emailProblem ? true : undefined}
              aria-describedby={emailProblem ? `${emailId}-problem` : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailProblem(null);
              }}
              onKeyDown={onEmailKeyDown}
            />
            <FieldError id={`${emailId}-problem`}>{emailProblem}</FieldError>
            <FieldDescription>You continue at your company&apos;s sign-in page.</FieldDescription>
          </Field>
          <Button type="button" size="lg" className="w-full" disabled={starting !== null} onClick={continueWithEmail}>
            {starting === 'work-email' ? 'Opening your company’s sign-in…' : 'Continue with SSO'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
