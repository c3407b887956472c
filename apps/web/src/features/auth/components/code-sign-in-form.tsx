import { MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSendSignInCode, useVerifySignInCode } from '../api/one-time-code';
import type { SignInResponse } from '../api/types';
import { credentialsFromIdentifier } from '../utils/identifier';

/**
 * Signing in without the password (decision 062): a code is e-mailed (with a sign-in link) or
 * texted to the account's address or number, and typed here.
 */
export function CodeSignInForm({ onSuccess, onUsePassword }: { onSuccess: (response: SignInResponse) => void; onUsePassword: () => void }) {
  const send = useSendSignInCode();
  const verify = useVerifySignInCode();
  const [identifier, setIdentifier] = useState('');
  const [sentTo, setSentTo] = useState<{ email?: string; phone?: string } | null>(null);
  const [code, setCode] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const recipient = credentialsFromIdentifier(identifier);
    if (!recipient.email && !recipient.phone) {
      setClientError('Enter your email address or phone number');
      return;
    }
    setClientError(null);
    send.mutate(recipient, { onSuccess: () => setSentTo(recipient) });
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    const typed = code.trim();
    const body = sentTo.email ? { type: 'email' as const, email: sentTo.email, code: typed } : { type: 'sms' as const, phone: sentTo.phone ?? '', code: typed };
    verify.mutate(body, { onSuccess });
  };

  const usePassword = (
    <Button type="button" variant="link" className="justify-self-center" onClick={onUsePassword}>
      Sign in with your password instead
    </Button>
  );

  if (sentTo) {
    return (
      <form noValidate onSubmit={onVerify} className="grid gap-5">
        <Alert variant="success">
          <MailCheckIcon aria-hidden="true" />
          <AlertTitle>{sentTo.email ? 'Check your email' : 'Check your phone'}</AlertTitle>
          <AlertDescription>
            <p>
              If an account uses {sentTo.email ?? sentTo.phone}, we have sent it a 6-digit code
              {sentTo.email ? ' and a sign-in link' : ''}. It works once, for 10 minutes.
            </p>
          </AlertDescription>
        </Alert>
        {verify.isError ? <ErrorAlert error={verify.error} /> : null}
        <Field>
          <Label htmlFor="sign-in-code">Code</Label>
          <Input
            id="sign-in-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={16}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <FieldDescription>The 6 digits from the message.</FieldDescription>
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={verify.isPending || code.trim().length === 0}>
          {verify.isPending ? 'Signing in...' : 'Sign in with the code'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            verify.reset();
            setCode('');
            setSentTo(null);
          }}
        >
          Send a new code
        </Button>
        {usePassword}
      </form>
    );
  }

  return (
    <form noValidate onSubmit={onSend} className="grid gap-5">
      {clientError ? <ErrorAlert message={clientError} /> : send.isError ? <ErrorAlert error={send.error} /> : null}
      <Field>
        <Label htmlFor="sign-in-code-identifier">Email or phone</Label>
        <Input
          id="sign-in-code-identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
        />
        <FieldDescription>We send a one-time code, and by email a sign-in link too.</FieldDescription>
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send me a code'}
      </Button>
      {usePassword}
    </form>
  );
}
