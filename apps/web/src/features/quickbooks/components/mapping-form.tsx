import { mappingToWire, quickbooksMappingInput } from '@till/core';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useSaveQuickbooksMapping, type MappingView } from '../api/quickbooks-api';

interface Draft {
  defaultIncomeAccount: string;
  categoryAccounts: Record<string, string>;
  defaultTaxAccount: string;
  taxRateAccounts: Record<string, string>;
  cash: string;
  card: string;
  other: string;
  overShortAccount: string;
  discountsAccount: string;
  refundsApart: boolean;
  refundsAccount: string;
}

/** Common QuickBooks account names, so a first mapping is a matter of checking, not typing. */
const SUGGESTED: Draft = {
  defaultIncomeAccount: 'Sales',
  categoryAccounts: {},
  defaultTaxAccount: 'Sales Tax Payable',
  taxRateAccounts: {},
  cash: 'Cash Clearing',
  card: 'Card Clearing',
  other: 'Other Tenders Clearing',
  overShortAccount: 'Cash Over/Short',
  discountsAccount: 'Discounts Given',
  refundsApart: true,
  refundsAccount: 'Refunds',
};

function draftOf(mapping: MappingView['mapping']): Draft {
  if (!mapping) return SUGGESTED;
  return {
    defaultIncomeAccount: mapping.default_income_account,
    categoryAccounts: mapping.category_accounts,
    defaultTaxAccount: mapping.default_tax_account,
    taxRateAccounts: mapping.tax_rate_accounts,
    cash: mapping.payment_accounts.cash,
    card: mapping.payment_accounts.card,
    other: mapping.payment_accounts.other,
    overShortAccount: mapping.over_short_account,
    discountsAccount: mapping.discounts_account,
    refundsApart: mapping.refunds_account !== null,
    refundsAccount: mapping.refunds_account ?? 'Refunds',
  };
}

const filled = (map: Record<string, string>) => Object.fromEntries(Object.entries(map).filter(([, account]) => account.trim() !== ''));
const rateLabel = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

function AccountField({ label, hint, value, onChange, error }: { label: string; hint?: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} maxLength={100} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} />
      {hint ? <FieldDescription>{hint}</FieldDescription> : null}
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/** Which QuickBooks account each line of a day's journal entry goes to (decision 024). */
export function MappingForm({ view, onSaved }: { view: MappingView; onSaved: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(view.mapping));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveQuickbooksMapping();
  const clearError = (path: string) =>
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _cleared, ...rest } = current;
      return rest;
    });
  const ERROR_PATHS: Partial<Record<keyof Draft, string>> = { cash: 'paymentAccounts.cash', card: 'paymentAccounts.card', other: 'paymentAccounts.other' };
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      clearError(ERROR_PATHS[key] ?? key);
      setDraft((current) => ({ ...current, [key]: value }));
    };
  const categories = [...new Set([...view.categories, ...Object.keys(draft.categoryAccounts)])];
  const rates = [...new Set([...view.tax_rates.map(String), ...Object.keys(draft.taxRateAccounts)])].sort((a, b) => Number(a) - Number(b));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = quickbooksMappingInput.safeParse({
      defaultIncomeAccount: draft.defaultIncomeAccount,
      categoryAccounts: filled(draft.categoryAccounts),
      defaultTaxAccount: draft.defaultTaxAccount,
      taxRateAccounts: filled(draft.taxRateAccounts),
      paymentAccounts: { cash: draft.cash, card: draft.card, other: draft.other },
      overShortAccount: draft.overShortAccount,
      discountsAccount: draft.discountsAccount,
      refundsAccount: draft.refundsApart ? draft.refundsAccount : null,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(mappingToWire(parsed.data), {
      onSuccess: () => {
        toast.success('Account mapping saved');
        onSaved();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Account mapping" noValidate>
      <p className="text-sm text-muted-foreground">
        Type each account exactly as it is named in your QuickBooks chart of accounts; a sub-account as <span className="font-mono">Parent:Sub</span>.
        {view.updated_by && view.updated_at ? ` Last saved by ${view.updated_by} on ${new Date(view.updated_at).toLocaleString()}.` : ''}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Payments</CardTitle>
            <CardDescription>A clearing account per payment method: what the drawer, the card processor and other tenders owe you.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <AccountField label="Cash" value={draft.cash} onChange={set('cash')} error={errors['paymentAccounts.cash']} />
            <AccountField label="Card" value={draft.card} onChange={set('card')} error={errors['paymentAccounts.card']} />
            <AccountField label="Other" value={draft.other} onChange={set('other')} error={errors['paymentAccounts.other']} />
            <AccountField label="Over / short" hint="A drawer counted short is a debit here, over a credit." value={draft.overShortAccount} onChange={set('overShortAccount')} error={errors['overShortAccount']} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Discounts and refunds</CardTitle>
            <CardDescription>Booked as the customer saw them; income is grossed up by the same amounts.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <AccountField label="Discounts" value={draft.discountsAccount} onChange={set('discountsAccount')} error={errors['discountsAccount']} />
            <div className="flex items-center gap-3">
              <Switch id="refunds-apart" checked={draft.refundsApart} onCheckedChange={set('refundsApart')} />
              <Label htmlFor="refunds-apart">Book refunds to their own account</Label>
            </div>
            {draft.refundsApart ? (
              <AccountField label="Refunds" value={draft.refundsAccount} onChange={set('refundsAccount')} error={errors['refundsAccount']} />
            ) : (
              <p className="text-sm text-muted-foreground">Refunds reduce the income accounts.</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Income</CardTitle>
            <CardDescription>Sales by category, as the Z report names them. A category left blank goes to the default.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <AccountField label="Default income account" value={draft.defaultIncomeAccount} onChange={set('defaultIncomeAccount')} error={errors['defaultIncomeAccount']} />
            {categories.map((name) => (
              <AccountField
                key={name}
                label={`Category: ${name}`}
                value={draft.categoryAccounts[name] ?? ''}
                onChange={(value) => {
                  clearError(`categoryAccounts.${name}`);
                  setDraft((current) => ({ ...current, categoryAccounts: { ...current.categoryAccounts, [name]: value } }));
                }}
                error={errors[`categoryAccounts.${name}`]}
              />
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Tax</CardTitle>
            <CardDescription>A tax liability account per rate. A rate left blank goes to the default.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <AccountField label="Default tax account" value={draft.defaultTaxAccount} onChange={set('defaultTaxAccount')} error={errors['defaultTaxAccount']} />
            {rates.map((rate) => (
              <AccountField
                key={rate}
                label={`Tax at ${rateLabel(Number(rate))}`}
                value={draft.taxRateAccounts[rate] ?? ''}
                onChange={(value) => {
                  clearError(`taxRateAccounts.${rate}`);
                  setDraft((current) => ({ ...current, taxRateAccounts: { ...current.taxRateAccounts, [rate]: value } }));
                }}
                error={errors[`taxRateAccounts.${rate}`]}
              />
            ))}
          </CardContent>
        </Card>
      </div>
      {Object.keys(errors).length > 0 ? <p className="text-sm font-medium text-red-700" role="alert">Check the accounts marked above.</p> : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save mapping'}
        </Button>
      </div>
    </form>
  );
}
