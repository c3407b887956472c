import type { Industry } from '@till/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { INDUSTRY_OPTIONS } from '@/lib/industries';
import { browserTimeZone, currencyForLocale, currencyOptions, timeZoneOptions } from '@/lib/locale-options';
import { signUpInput, useSignUp } from '../api/sign-up';
import type { AuthResponse } from '../api/types';
import { credentialsFromIdentifier } from '../utils/identifier';

interface SignUpFormValues {
  businessName: string;
  fullName: string;
  industry: Industry;
  identifier: string;
  password: string;
  currency: string;
  timeZone: string;
  startEmpty: boolean;
}

/** The browser's locale and zone are the first guess; most shops never change them. */
function browserDefaults(): Pick<SignUpFormValues, 'currency' | 'timeZone'> {
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  return { currency: currencyForLocale(locale), timeZone: browserTimeZone() };
}

export function SignUpForm({ onSuccess }: { onSuccess: (response: AuthResponse) => void }) {
  const signUp = useSignUp();
  const [clientError, setClientError] = useState<string | null>(null);
  const [defaults] = useState(browserDefaults);
  const { register, handleSubmit, control } = useForm<SignUpFormValues>({
    defaultValues: { businessName: '', fullName: '', industry: 'retail', identifier: '', password: '', startEmpty: false, ...defaults },
  });
  const currencies = useMemo(() => currencyOptions(defaults.currency), [defaults.currency]);
  const timeZones = useMemo(() => timeZoneOptions(defaults.timeZone), [defaults.timeZone]);

  const onSubmit = handleSubmit((values) => {
    signUp.reset();
    const parsed = signUpInput.safeParse({
      ...credentialsFromIdentifier(values.identifier),
      password: values.password,
      businessName: values.businessName,
      fullName: values.fullName,
      industry: values.industry,
      currency: values.currency,
      timeZone: values.timeZone,
      startEmpty: values.startEmpty,
    });
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? 'Check the form and try again.');
      return;
    }
    setClientError(null);
    signUp.mutate(parsed.data, { onSuccess });
  });

  const hasError = clientError !== null || signUp.isError;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-describedby={hasError ? 'sign-up-error' : undefined}>
      {clientError ? (
        <div id="sign-up-error">
          <ErrorAlert message={clientError} />
        </div>
      ) : signUp.isError ? (
        <div id="sign-up-error">
          <ErrorAlert error={signUp.error} />
        </div>
      ) : null}

      <Field>
        <Label htmlFor="sign-up-business-name">Business name</Label>
        <Input id="sign-up-business-name" autoComplete="organization" {...register('businessName')} />
      </Field>

      <Field>
        <Label htmlFor="sign-up-full-name">Full name</Label>
        <Input id="sign-up-full-name" autoComplete="name" {...register('fullName')} />
      </Field>

      <Field>
        <Label htmlFor="sign-up-industry">Industry</Label>
        <Controller
          control={control}
          name="industry"
          render={({ field }) => (
            <Select name={field.name} value={field.value} onValueChange={(value) => field.onChange(value as Industry)}>
              <SelectTrigger id="sign-up-industry" ref={field.ref} onBlur={field.onBlur} aria-describedby="sign-up-industry-hint">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {INDUSTRY_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldDescription id="sign-up-industry-hint">
          Tailors the menus to your kind of business, and starts you with its usual features and example categories and products.
        </FieldDescription>
      </Field>

      <Label className="flex min-h-11 items-center gap-2 font-normal sm:min-h-0">
        <input type="checkbox" className="size-4" {...register('startEmpty')} />
        Start empty, without example categories or products
      </Label>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field>
          <Label htmlFor="sign-up-currency">Currency</Label>
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="sign-up-currency" ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {currencies.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field>
          <Label htmlFor="sign-up-time-zone">Time zone</Label>
          <Controller
            control={control}
            name="timeZone"
            render={({ field }) => (
              <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="sign-up-time-zone" ref={field.ref} onBlur={field.onBlur} aria-describedby="sign-up-locale-hint">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent className="max-h-80">
                  {timeZones.map((zone) => (
                    <SelectItem key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <FieldDescription id="sign-up-locale-hint" className="sm:col-span-2">
          Taken from this device; prices, receipts and reports use them. You can change them later in settings.
        </FieldDescription>
      </div>

      <Field>
        <Label htmlFor="sign-up-identifier">Email or phone</Label>
        <Input
          id="sign-up-identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('identifier')}
        />
      </Field>

      <Field>
        <Label htmlFor="sign-up-password">Password</Label>
        <Input id="sign-up-password" type="password" autoComplete="new-password" {...register('password')} />
      </Field>

      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
