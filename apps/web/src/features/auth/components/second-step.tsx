import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSignOut } from '../api/sign-out';
import { useFactors, useVerifyFactor, useVerifyRecoveryCode } from '../api/two-factor';
import { EnrollTotp } from './enroll-totp';

/**
 * The second step of signing in (decision 045): a code from the authenticator app or a recovery
 * code; or, when the business requires two-factor and the account has no factor, setting one up.
 */
export function SecondStep({ step, onDone, onCancel }: { step: 'challenge' | 'enroll'; onDone: () => void; onCancel: () => void }) {
  const signOut = useSignOut();
  const cancel = <Button type="button" variant="outline" className="justify-self-start" disabled={signOut.isPending} onClick={() => signOut.mutate('local', { onSettled: onCancel })}>Cancel and sign out</Button>;
  if (step === 'enroll') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Set up two-factor sign-in</CardTitle>
          <CardDescription>Your business requires a code from an authenticator app when you sign in. Set one up to continue.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <EnrollTotp onDone={onDone} />
          {cancel}
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>Enter the 6-digit code from your authenticator app to finish signing in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ChallengeForm onDone={onDone} />
        {cancel}
      </CardContent>
    </Card>
  );
}

function ChallengeForm({ onDone }: { onDone: () => void }) {
  const factors = useFactors();
  const verify = useVerifyFactor();
  const recovery = useVerifyRecoveryCode();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const factor = factors.data?.factors.find((candidate) => candidate.status === 'verified');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (useRecovery) recovery.mutate(code.trim(), { onSuccess: onDone });
    else if (factor) verify.mutate({ factorId: factor.id, code: code.trim() }, { onSuccess: onDone });
  };
  const error = useRecovery ? recovery.error : verify.error;
  const pending = verify.isPending || recovery.isPending;

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-describedby={error ? 'second-step-error' : undefined}>
      {factors.isError ? <ErrorAlert error={factors.error} /> : null}
      {error ? (
        <div id="second-step-error">
          <ErrorAlert error={error} />
        </div>
      ) : null}
      {useRecovery ? (
        <Field>
          <Label htmlFor="second-step-recovery">Recovery code</Label>
          <Input id="second-step-recovery" autoComplete="off" autoCapitalize="characters" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} className="font-mono" />
          <FieldDescription>One of the codes you saved when you set up the app. Each works once.</FieldDescription>
        </Field>
      ) : (
        <Field>
          <Label htmlFor="second-step-code">Authentication code</Label>
          <Input
            id="second-step-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            className="max-w-40 font-mono tracking-widest"
          />
        </Field>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={pending || (!useRecovery && (!factor || code.length !== 6)) || (useRecovery && !code.trim())}>
        {pending ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="link"
        className="justify-self-start px-0"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setCode('');
          verify.reset();
          recovery.reset();
        }}
      >
        {useRecovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}
