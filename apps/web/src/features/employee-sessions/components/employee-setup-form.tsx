import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { employeeSetupForm, useCompleteEmployeeSetup, type EmployeeSetupForm } from '../api/complete-employee-setup';

/** /employee-setup: the one-time code from the manager, then a PIN of your own, typed twice. */
export function EmployeeSetupFormCard() {
  const setup = useCompleteEmployeeSetup();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EmployeeSetupForm>({ resolver: zodResolver(employeeSetupForm), defaultValues: { code: '', pin: '', pinAgain: '' } });

  if (setup.isSuccess) {
    return (
      <Alert variant="success">
        <CircleCheckIcon aria-hidden="true" />
        <AlertTitle>Your PIN is set, {setup.data.full_name}.</AlertTitle>
        <AlertDescription>
          <p>Sign in on the till: tap your name and type your PIN.</p>
          <Button asChild className="mt-2">
            <Link to="/employee-login">Go to employee sign in</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <Card>
      <CardContent>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={handleSubmit((values) =>
            setup.mutate(
              { code: values.code.trim(), pin: values.pin },
              { onError: () => reset({ ...values, pin: '', pinAgain: '' }) },
            ),
          )}
        >
          {setup.isError ? <ErrorAlert title="Your PIN was not set" error={setup.error} /> : null}
          <Field>
            <Label htmlFor="setup-code">Setup code</Label>
            <Input
              id="setup-code"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX"
              className="font-mono tracking-widest uppercase"
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'setup-code-error setup-code-hint' : 'setup-code-hint'}
              {...register('code')}
            />
            <FieldDescription id="setup-code-hint">The code your manager gave you. It works once.</FieldDescription>
            <FieldError id="setup-code-error">{errors.code?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="setup-pin">New PIN</Label>
            <Input
              id="setup-pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={6}
              className="max-w-48 tracking-widest"
              aria-invalid={errors.pin ? true : undefined}
              aria-describedby={errors.pin ? 'setup-pin-error setup-pin-hint' : 'setup-pin-hint'}
              {...register('pin')}
            />
            <FieldDescription id="setup-pin-hint">4 to 6 digits that only you know.</FieldDescription>
            <FieldError id="setup-pin-error">{errors.pin?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="setup-pin-again">New PIN again</Label>
            <Input
              id="setup-pin-again"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={6}
              className="max-w-48 tracking-widest"
              aria-invalid={errors.pinAgain ? true : undefined}
              aria-describedby={errors.pinAgain ? 'setup-pin-again-error' : undefined}
              {...register('pinAgain')}
            />
            <FieldError id="setup-pin-again-error">{errors.pinAgain?.message}</FieldError>
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={setup.isPending}>
            {setup.isPending ? 'Saving...' : 'Set my PIN'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
