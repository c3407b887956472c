import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@till/core';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { assignBusinessOwnerInput, useAssignBusinessOwner } from '../api/assign-business-owner';

type AssignOwnerFormInput = z.input<typeof assignBusinessOwnerInput>;
type AssignOwnerFormOutput = z.output<typeof assignBusinessOwnerInput>;

interface AssignOwnerCardProps {
  defaultFullName: string;
  /** The address just used to sign up: the owner is usually the person signing up. */
  defaultEmail?: string;
}

/** SPEC §4: a business without an owner needs one before anything else. */
export function AssignOwnerCard({ defaultFullName, defaultEmail = '' }: AssignOwnerCardProps) {
  const assignOwner = useAssignBusinessOwner();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AssignOwnerFormInput, unknown, AssignOwnerFormOutput>({
    resolver: zodResolver(assignBusinessOwnerInput),
    defaultValues: { fullName: defaultFullName, email: defaultEmail, pin: '' },
  });

  const onSubmit = handleSubmit((input) => {
    assignOwner.mutate(input, { onSuccess: () => toast.success('Business owner assigned') });
  });

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <CardTitle>Assign business owner</CardTitle>
        <CardDescription>
          Your business needs an owner before anyone can use it. The owner has every permission and can open every page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          {assignOwner.isError ? <ErrorAlert title={MESSAGES.assignOwnerFailed} error={assignOwner.error} /> : null}
          <Field>
            <Label htmlFor="owner-full-name">Full name</Label>
            <Input
              id="owner-full-name"
              autoComplete="name"
              aria-invalid={errors.fullName ? true : undefined}
              aria-describedby={errors.fullName ? 'owner-full-name-error' : undefined}
              {...register('fullName')}
            />
            <FieldError id="owner-full-name-error">{errors.fullName?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="owner-email">
              Email <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id="owner-email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'owner-email-error' : 'owner-email-hint'}
              {...register('email')}
            />
            {errors.email ? (
              <FieldError id="owner-email-error">{errors.email.message}</FieldError>
            ) : (
              <FieldDescription id="owner-email-hint">Leave blank if the owner has no email address.</FieldDescription>
            )}
          </Field>
          <Field>
            <Label htmlFor="owner-pin">
              PIN for the tills <span aria-hidden="true">*</span>
            </Label>
            <Input
              id="owner-pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={6}
              className="max-w-40 font-mono tracking-widest"
              aria-required="true"
              aria-invalid={errors.pin ? true : undefined}
              aria-describedby={errors.pin ? 'owner-pin-error' : 'owner-pin-hint'}
              {...register('pin')}
            />
            {errors.pin ? (
              <FieldError id="owner-pin-error">{errors.pin.message}</FieldError>
            ) : (
              <FieldDescription id="owner-pin-hint">6 digits. On a till you sign in with it, like your staff.</FieldDescription>
            )}
          </Field>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start" disabled={assignOwner.isPending}>
            {assignOwner.isPending ? 'Assigning...' : 'Assign business owner'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
