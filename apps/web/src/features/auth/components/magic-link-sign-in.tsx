import { useEffect, useRef } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useVerifySignInCode } from '../api/one-time-code';
import type { SignInResponse } from '../api/types';

/** The e-mailed sign-in link lands here (`/auth?magic_link=…`): it is used once, on arrival (decision 062). */
export function MagicLinkSignIn({ token, onSuccess, onDismiss }: { token: string; onSuccess: (response: SignInResponse) => void; onDismiss: () => void }) {
  const verify = useVerifySignInCode();
  const started = useRef(false);
  useEffect(() => {
    // Once, even under StrictMode's double effects: the link works a single time.
    if (started.current) return;
    started.current = true;
    verify.mutate({ type: 'magiclink', token }, { onSuccess });
  }, [token, verify, onSuccess]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Signing in with your link</CardTitle>
        <CardDescription>{verify.isError ? 'This link did not work.' : 'One moment...'}</CardDescription>
      </CardHeader>
      {verify.isError ? (
        <CardContent className="grid gap-4">
          <ErrorAlert error={verify.error} />
          <Button type="button" variant="outline" className="justify-self-start" onClick={onDismiss}>
            Back to sign in
          </Button>
        </CardContent>
      ) : null}
    </Card>
  );
}
