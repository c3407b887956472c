import { zodResolver } from '@hookform/resolvers/zod';
import type { FeatureName, Industry } from '@till/core';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { FEATURE_GROUPS, FEATURE_LABELS } from '@/lib/feature-labels';
import { INDUSTRY_OPTIONS } from '@/lib/industries';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import type { EditableSettings } from '../api/get-business-settings';
import {
  settingsPatch,
  updateBusinessSettingsInput,
  useUpdateBusinessSettings,
  type UpdateBusinessSettingsInput,
} from '../api/update-business-settings';
import { currencyOptions, timeZoneOptions } from '../utils/options';

/** What the sidebar does with a switch that is not obvious from its name (SPEC §2). */
const FEATURE_HINTS: Partial<Record<FeatureName, string>> = {
  vehicle_services: 'Shown in the menus for the mechanics industry only.',
  kitchen_display: 'Not shown in the menus for the mechanics industry.',
};

function toFormValues(settings: EditableSettings): UpdateBusinessSettingsInput {
  return {
    business_name: settings.business_name,
    industry: settings.industry,
    authentication_enabled: settings.authentication_enabled,
    currency: settings.currency,
    time_zone: settings.time_zone,
    prices_include_tax: settings.prices_include_tax,
    cash_variance_threshold: settings.cash_variance_threshold,
    cashiers_close_own_session: settings.cashiers_close_own_session,
    enabled_features: { ...settings.enabled_features },
  };
}

/** The allowed over/short as money text, read back into minor units when it is a valid amount. */
function ThresholdField({ value, onChange, currency }: { value: number; onChange: (value: number) => void; currency: string }) {
  const [text, setText] = useState(() => minorToDecimalText(value, currency));
  const parsed = parseMoneyText(text, currency);
  const error = !parsed.ok ? parsed.message : parsed.amount < 0 ? 'Enter zero or more' : null;
  return (
    <Field>
      <Label htmlFor="settings-cash-threshold">Allowed over/short without a manager</Label>
      <Input
        id="settings-cash-threshold"
        inputMode="decimal"
        className="max-w-40 tabular-nums"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby="settings-cash-threshold-hint"
        onChange={(event) => {
          setText(event.target.value);
          const next = parseMoneyText(event.target.value, currency);
          if (next.ok && next.amount >= 0) onChange(next.amount);
        }}
      />
      <FieldDescription id="settings-cash-threshold-hint">A bigger difference needs a manager's PIN and a note. 0 means every difference does.</FieldDescription>
      <FieldError>{error}</FieldError>
    </Field>
  );
}

function FeatureSwitch({ name, control }: { name: FeatureName; control: Control<UpdateBusinessSettingsInput> }) {
  const id = `feature-${name}`;
  const hint = FEATURE_HINTS[name];
  return (
    <li className="flex min-h-11 items-center justify-between gap-4 py-2">
      <div className="grid min-w-0 gap-0.5">
        <Label htmlFor={id}>{FEATURE_LABELS[name]}</Label>
        {hint ? (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        ) : null}
      </div>
      <Controller
        control={control}
        name={`enabled_features.${name}`}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
        )}
      />
    </li>
  );
}

/** The business's settings and its 25 feature switches (SPEC §3), saved with one PATCH of what changed. */
export function SettingsForm({ settings }: { settings: EditableSettings }) {
  const update = useUpdateBusinessSettings();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<UpdateBusinessSettingsInput>({
    resolver: zodResolver(updateBusinessSettingsInput),
    defaultValues: toFormValues(settings),
  });
  const currencies = useMemo(() => currencyOptions(settings.currency), [settings.currency]);
  const timeZones = useMemo(() => timeZoneOptions(settings.time_zone), [settings.time_zone]);

  const onSubmit = handleSubmit((values) => {
    const patch = settingsPatch(settings, values);
    if (Object.keys(patch).length === 0) {
      reset(values);
      return;
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        reset(toFormValues(saved));
        toast.success('Settings saved');
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 pb-24">
      {update.isError ? <ErrorAlert title="Settings were not saved" error={update.error} /> : null}

      <Card>
        <CardHeader>
          <CardTitle>Business</CardTitle>
          <CardDescription>How your business is named, what it does, and the money and clock it runs on.</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2">
          <Field className="sm:col-span-2">
            <Label htmlFor="settings-business-name">Business name</Label>
            <Input
              id="settings-business-name"
              autoComplete="organization"
              aria-invalid={errors.business_name ? true : undefined}
              aria-describedby={errors.business_name ? 'settings-business-name-error' : undefined}
              {...register('business_name')}
            />
            <FieldError id="settings-business-name-error">{errors.business_name?.message}</FieldError>
          </Field>

          <Field>
            <Label htmlFor="settings-industry">Industry</Label>
            <Controller
              control={control}
              name="industry"
              render={({ field }) => (
                <Select name={field.name} value={field.value} onValueChange={(value) => field.onChange(value as Industry)}>
                  <SelectTrigger id="settings-industry" ref={field.ref} onBlur={field.onBlur} aria-describedby="settings-industry-hint">
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
            <FieldDescription id="settings-industry-hint">Tailors the menus to your kind of business.</FieldDescription>
          </Field>

          <Field>
            <Label htmlFor="settings-currency">Currency</Label>
            <Controller
              control={control}
              name="currency"
              render={({ field }) => (
                <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="settings-currency"
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={errors.currency ? true : undefined}
                  >
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
            <FieldError>{errors.currency?.message}</FieldError>
          </Field>

          <Field className="sm:col-span-2">
            <Label htmlFor="settings-time-zone">Time zone</Label>
            <Controller
              control={control}
              name="time_zone"
              render={({ field }) => (
                <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="settings-time-zone"
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-describedby="settings-time-zone-hint"
                    aria-invalid={errors.time_zone ? true : undefined}
                  >
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
            <FieldDescription id="settings-time-zone-hint">Reports and receipts show dates in this time zone.</FieldDescription>
            <FieldError>{errors.time_zone?.message}</FieldError>
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Prices and tax</CardTitle>
          <CardDescription>How the prices in your catalogue are meant: with tax already in them, or tax added at the till.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex min-h-11 items-center justify-between gap-4">
            <div className="grid min-w-0 gap-0.5">
              <Label htmlFor="settings-prices-include-tax">Prices include tax</Label>
              <span id="settings-prices-include-tax-hint" className="text-xs text-muted-foreground">
                On: a $3.00 price is what the customer pays, tax included. Off: tax is added on top.
              </span>
            </div>
            <Controller
              control={control}
              name="prices_include_tax"
              render={({ field }) => (
                <Switch
                  id="settings-prices-include-tax"
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby="settings-prices-include-tax-hint"
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Cash drawer</CardTitle>
          <CardDescription>Closing the day at a till with cash management on: who may close, and how far a count may be off.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Controller
            control={control}
            name="cash_variance_threshold"
            render={({ field }) => <ThresholdField value={field.value} onChange={field.onChange} currency={settings.currency} />}
          />
          <div className="flex min-h-11 items-center justify-between gap-4">
            <div className="grid min-w-0 gap-0.5">
              <Label htmlFor="settings-cashiers-close">Cashiers close their own drawer</Label>
              <span id="settings-cashiers-close-hint" className="text-xs text-muted-foreground">
                Off: only managers (and staff allowed to access reports) close drawers.
              </span>
            </div>
            <Controller
              control={control}
              name="cashiers_close_own_session"
              render={({ field }) => (
                <Switch
                  id="settings-cashiers-close"
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby="settings-cashiers-close-hint"
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Employee sign-in</CardTitle>
          <CardDescription>
            When this is on and the business has an owner, anyone other than the owner signs in as an employee before using
            Till.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex min-h-11 items-center justify-between gap-4">
            <Label htmlFor="settings-authentication-enabled">Employee authentication</Label>
            <Controller
              control={control}
              name="authentication_enabled"
              render={({ field }) => (
                <Switch
                  id="settings-authentication-enabled"
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Features</CardTitle>
          <CardDescription>Switch off what you do not use: its pages and menu entries disappear for everyone.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 lg:grid-cols-2">
          {FEATURE_GROUPS.map((group) => (
            <fieldset key={group.id} className="grid content-start gap-1">
              <legend className="text-sm font-semibold">{group.label}</legend>
              <p className="text-sm text-muted-foreground">{group.description}</p>
              <ul className="divide-y">
                {group.features.map((name) => (
                  <FeatureSwitch key={name} name={name} control={control} />
                ))}
              </ul>
            </fieldset>
          ))}
        </CardContent>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <p role="status" className="mr-auto min-w-0 text-sm text-muted-foreground">
          {isDirty ? 'Unsaved changes' : 'No unsaved changes'}
        </p>
        <Button type="button" variant="outline" disabled={!isDirty || update.isPending} onClick={() => reset(toFormValues(settings))}>
          Discard
        </Button>
        <Button type="submit" disabled={!isDirty || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
