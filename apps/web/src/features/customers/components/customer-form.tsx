import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { Customer } from '../api/types';
import { customerFormSchema, toCustomerPayload, type CustomerFormValues, type CustomerPayload } from '../utils/customer-form';

interface CustomerFormProps {
  /** Prefix for the inputs' ids, so two forms can share a page. */
  idPrefix: string;
  defaultValues: CustomerFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves with the saved customer; rejects with the server's error. */
  onSave: (payload: CustomerPayload) => Promise<Customer>;
  onSaved: (customer: Customer) => void;
  onCancel?: () => void;
  /** The quick form at the till leaves notes out. */
  withNotes?: boolean;
}

/** Name, email, phone and notes; a taken email is shown on the email field. */
export function CustomerForm({ idPrefix, defaultValues, submitLabel, pendingLabel, onSave, onSaved, onCancel, withNotes = true }: CustomerFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CustomerFormValues>({ resolver: zodResolver(customerFormSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    try {
      onSaved(await onSave(toCustomerPayload(values)));
    } catch (error) {
      if (isApiError(error) && error.code === 'customer_email_taken') {
        setError('email', { message: 'Another customer already has this email address' }, { shouldFocus: true });
      } else {
        setError('root', { message: isApiError(error) ? error.message : 'The customer was not saved. Try again.' });
      }
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const describedBy = (name: keyof CustomerFormValues) => (errors[name] ? id(`${name}-error`) : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field>
        <Label htmlFor={id('name')}>Name</Label>
        <Input id={id('name')} autoComplete="off" autoFocus aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} {...register('name')} />
        <FieldError id={id('name-error')}>{errors.name?.message}</FieldError>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor={id('email')}>
            Email <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={id('email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            {...register('email')}
          />
          <FieldError id={id('email-error')}>{errors.email?.message}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={id('phone')}>
            Phone <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={id('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy('phone')}
            {...register('phone')}
          />
          <FieldError id={id('phone-error')}>{errors.phone?.message}</FieldError>
        </Field>
      </div>
      {withNotes ? (
        <Field>
          <Label htmlFor={id('notes')}>
            Notes <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <textarea
            id={id('notes')}
            rows={3}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={describedBy('notes')}
            className={cn(
              'w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none md:text-sm',
              'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
              'aria-invalid:border-destructive',
            )}
            placeholder="Allergies, preferences, how they like to be contacted"
            {...register('notes')}
          />
          <FieldError id={id('notes-error')}>{errors.notes?.message}</FieldError>
        </Field>
      ) : null}
      {errors.root?.message ? <ErrorAlert title="Not saved" message={errors.root.message} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
