import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { requestPasswordResetInput, useRequestPasswordReset } from '../api/request-password-reset';

const forgotPasswordForm = requestPasswordResetInput.pick({ email: true });
type ForgotPasswordFormInput = z.input<typeof forgotPasswordForm>;
type ForgotPasswordFormOutput = z.output<typeof forgotPasswordForm>;

/** Asks for a reset link; the link brings the user back to `redirectTo` with a token. */
export function ForgotPasswordForm({ redirectTo }: { redirectTo: string }) {
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormOutput>({
    resolver: zodResolver(forgotPasswordForm),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) => {
    requestReset.mutate({ email, redirectTo }, { onSuccess: () => setSentTo(email) });
  });

  if (sentTo) {
    return (
      <Alert variant="success">
        <MailCheckIcon aria-hidden="true" />
        <AlertTitle>Check your email</AlertTitle>
        <AlertDescription>
          <p>
            If an account exists for {sentTo}, we have sent it a link to reset the password. Open it on this device
            to choose a new one.
          </p>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {requestReset.isError ? <ErrorAlert error={requestReset.error} /> : null}
      <Field>
        <Label htmlFor="forgot-password-email">Email</Label>
        <Input
          id="forgot-password-email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'forgot-password-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="forgot-password-email-error">{errors.email?.message}</FieldError>
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
        {requestReset.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
