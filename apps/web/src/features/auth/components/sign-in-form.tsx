import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signInInput, useSignIn } from '../api/sign-in';
import type { SignInResponse } from '../api/types';
import { credentialsFromIdentifier } from '../utils/identifier';
import { CodeSignInForm } from './code-sign-in-form';
import { SsoSignIn } from './sso-sign-in';

interface SignInFormValues {
  identifier: string;
  password: string;
}

export function SignInForm({ onSuccess }: { onSuccess: (response: SignInResponse) => void }) {
  const signIn = useSignIn();
  const [withCode, setWithCode] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<SignInFormValues>({
    defaultValues: { identifier: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    signIn.reset();
    // The SPEC's own message, not the browser's: so no `required` on the inputs.
    const parsed = signInInput.safeParse({ ...credentialsFromIdentifier(values.identifier), password: values.password });
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? 'Check the form and try again.');
      return;
    }
    setClientError(null);
    signIn.mutate(parsed.data, { onSuccess });
  });

  const hasError = clientError !== null || signIn.isError;
  if (withCode) return <CodeSignInForm onSuccess={onSuccess} onUsePassword={() => setWithCode(false)} />;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-describedby={hasError ? 'sign-in-error' : undefined}>
      {clientError ? (
        <div id="sign-in-error">
          <ErrorAlert message={clientError} />
        </div>
      ) : signIn.isError ? (
        <div id="sign-in-error">
          <ErrorAlert error={signIn.error} />
        </div>
      ) : null}

      <Field>
        <Label htmlFor="sign-in-identifier">Email or phone</Label>
        <Input
          id="sign-in-identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('identifier')}
        />
      </Field>

      <Field>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="sign-in-password">Password</Label>
          <Link
            to="/reset-password"
            className="-my-3 inline-flex min-h-11 items-center rounded-sm text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Forgot password?
          </Link>
        </div>
        <Input id="sign-in-password" type="password" autoComplete="current-password" {...register('password')} />
      </Field>

      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      <Button type="button" variant="link" className="justify-self-center" onClick={() => setWithCode(true)}>
        Email me a sign-in code or link instead
      </Button>
      <SsoSignIn onSuccess={onSuccess} />
    </form>
  );
}
