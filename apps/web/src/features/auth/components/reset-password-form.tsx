import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useAcceptInvite } from '../api/accept-invite';
import { resetPasswordInput, useResetPassword } from '../api/reset-password';

const resetPasswordForm = z
  .object({
    newPassword: resetPasswordInput.shape.newPassword,
    confirmPassword: z.string().min(1, 'Enter the new password again'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });

type ResetPasswordFormValues = z.infer<typeof resetPasswordForm>;

const linkClass =
  'inline-flex min-h-11 items-center rounded-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * Sets a new password with the token from the emailed link. With `invite` (decision 067) the link
 * was an invitation: the password is the account's first, and the invitee goes straight in.
 */
export function ResetPasswordForm({ token, invite = false }: { token: string; invite?: boolean }) {
  const reset = useResetPassword();
  const accept = useAcceptInvite();
  const resetPassword = invite ? accept : reset;
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) => {
    if (invite) accept.mutate({ token, password: newPassword }, { onSuccess: (answer) => void navigate(answer.second_step ? '/auth' : '/dashboard', { replace: true }) });
    else reset.mutate({ token, newPassword });
  });

  if (reset.isSuccess && !invite) {
    return (
      <Alert variant="success">
        <CircleCheckIcon aria-hidden="true" />
        <AlertTitle>Your password has been changed</AlertTitle>
        <AlertDescription>
          <p>Sign in with your new password.</p>
          <Link to="/auth" className={linkClass}>
            Go to sign in
          </Link>
        </AlertDescription>
      </Alert>
    );
  }

  const tokenRejected = isApiError(resetPassword.error) && resetPassword.error.code === 'invalid_token';

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {resetPassword.isError ? (
        <div className="grid gap-2">
          <ErrorAlert error={resetPassword.error} />
          {tokenRejected && !invite ? (
            <Link to="/reset-password" className={`${linkClass} text-sm`}>
              Request a new reset link
            </Link>
          ) : null}
        </div>
      ) : null}
      <Field>
        <Label htmlFor="reset-new-password">New password</Label>
        <Input
          id="reset-new-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.newPassword ? true : undefined}
          aria-describedby={errors.newPassword ? 'reset-new-password-error' : undefined}
          {...register('newPassword')}
        />
        <FieldError id="reset-new-password-error">{errors.newPassword?.message}</FieldError>
      </Field>
      <Field>
        <Label htmlFor="reset-confirm-password">Confirm password</Label>
        <Input
          id="reset-confirm-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? 'reset-confirm-password-error' : undefined}
          {...register('confirmPassword')}
        />
        <FieldError id="reset-confirm-password-error">{errors.confirmPassword?.message}</FieldError>
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending ? 'Saving...' : invite ? 'Set password and start' : 'Set new password'}
      </Button>
    </form>
  );
}
