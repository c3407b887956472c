import { formatBasisPoints, REBATE_BASIS_LABELS, REBATE_KIND_LABELS, REBATE_MAX_TIERS, rebateTermsProblem, type RebateBasis, type RebateKind } from '@till/core';
import { PercentIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { formatMoney, minorToDecimalText, parseMoneyText } from '@/lib/money';
import { usePurchasingAccess } from '@/lib/purchasing-access';
import {
  useDeleteRebate,
  useRebateAgreements,
  useRebateSupplierProducts,
  useRebateSuppliers,
  useSaveRebate,
  useTryRebate,
  type RebateAgreement,
  type RebateResult,
  type RebateTerms,
} from '../api/rebates';

interface TierText {
  threshold: string;
  value: string;
}

interface FormValues {
  id: string | null;
  supplierId: string;
  name: string;
  kind: RebateKind;
  basis: RebateBasis;
  tiers: TierText[];
  startsOn: string;
  endsOn: string;
  productIds: string[];
  notes: string;
}

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

function thisYear(): { startsOn: string; endsOn: string } {
  const year = new Date().getFullYear();
  return { startsOn: `${year}-01-01`, endsOn: `${year}-12-31` };
}

const emptyForm = (): FormValues => ({ id: null, supplierId: '', name: '', kind: 'percent', basis: 'spend', tiers: [{ threshold: '', value: '' }], ...thisYear(), productIds: [], notes: '' });

function formOf(agreement: RebateAgreement, currency: string): FormValues {
  return {
    id: agreement.id,
    supplierId: agreement.supplier.id,
    name: agreement.name,
    kind: agreement.kind,
    basis: agreement.basis,
    tiers: agreement.tiers.map((tier) => ({
      threshold: agreement.basis === 'spend' ? minorToDecimalText(tier.threshold, currency) : String(tier.threshold),
      value: agreement.kind === 'percent' ? String(tier.value / 100) : minorToDecimalText(tier.value, currency),
    })),
    startsOn: agreement.starts_on,
    endsOn: agreement.ends_on,
    productIds: agreement.product_ids,
    notes: agreement.notes ?? '',
  };
}

/** The form's texts as terms, or the first problem in words for each field. */
function parseForm(values: FormValues, currency: string): { terms: RebateTerms | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.supplierId) errors.supplierId = 'Choose the supplier';
  if (!values.name.trim()) errors.name = 'Give the agreement a name';
  if (!values.startsOn) errors.startsOn = 'Choose the first day';
  if (!values.endsOn) errors.endsOn = 'Choose the last day';
  else if (values.startsOn && values.endsOn < values.startsOn) errors.endsOn = 'The period ends on or after its first day';
  const tiers = values.tiers.map((tier, index) => {
    let threshold = Number.NaN;
    if (values.basis === 'spend') {
      const parsed = parseMoneyText(tier.threshold.trim() || '0', currency);
      if (parsed.ok) threshold = parsed.amount;
      else errors[`threshold-${index}`] = parsed.message;
    } else if (/^\d{1,9}$/.test(tier.threshold.trim() || '0')) threshold = Number(tier.threshold.trim() || '0');
    else errors[`threshold-${index}`] = 'A whole number of units';
    let value = Number.NaN;
    if (values.kind === 'percent') {
      const text = tier.value.trim().replace(',', '.');
      if (/^\d{1,3}(\.\d{1,2})?$/.test(text) && Number(text) > 0 && Number(text) <= 100) value = Math.round(Number(text) * 100);
      else errors[`value-${index}`] = 'A percentage above 0 and at most 100, like 2.5';
    } else {
      const parsed = parseMoneyText(tier.value, currency);
      if (parsed.ok && parsed.amount > 0) value = parsed.amount;
      else errors[`value-${index}`] = parsed.ok ? 'More than zero' : parsed.message;
    }
    return { threshold, value };
  });
  if (Object.keys(errors).length === 0) {
    const problem = rebateTermsProblem({ kind: values.kind, basis: values.basis, tiers });
    if (problem) errors.tiers = problem;
  }
  if (Object.keys(errors).length > 0) return { terms: null, errors };
  return {
    terms: {
      supplier_id: values.supplierId,
      name: values.name.trim(),
      kind: values.kind,
      basis: values.basis,
      tiers,
      starts_on: values.startsOn,
      ends_on: values.endsOn,
      product_ids: values.productIds.length > 0 ? values.productIds : null,
      notes: values.notes.trim() || null,
    },
    errors,
  };
}

function useFormatters(currency: string) {
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const units = (count: number) => `${count.toLocaleString(locale)} ${count === 1 ? 'unit' : 'units'}`;
  return { money, units };
}

function describeTier(kind: RebateKind, basis: RebateBasis, tier: { threshold: number; value: number }, money: (amount: number) => string) {
  const rate = kind === 'percent' ? formatBasisPoints(tier.value) : `${money(tier.value)} a unit`;
  const from = basis === 'spend' ? `from ${money(tier.threshold)} spent` : `from ${tier.threshold.toLocaleString()} units`;
  return `${rate} ${from}`;
}

/** What the terms earn: the rebate, the next tier and how far it is, and each product's cost after the rebate. */
function RebateResultPanel({ result, kind, basis, tiers }: { result: RebateResult; kind: RebateKind; basis: RebateBasis; tiers: { threshold: number; value: number }[] }) {
  const { money, units } = useFormatters(result.currency);
  const reached = result.tier_index === null ? null : tiers[result.tier_index];
  const next = result.next;
  return (
    <section aria-label="Rebate result" className="grid gap-4 rounded-lg border p-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted-foreground">Bought in the period</dt>
          <dd className="text-lg font-semibold">{money(result.spend)}</dd>
          <dd className="text-sm text-muted-foreground">{units(result.quantity)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Rebate earned</dt>
          <dd className="text-lg font-semibold" data-testid="rebate-earned">
            {money(result.earned)}
          </dd>
          <dd className="text-sm text-muted-foreground">{reached ? `Tier ${result.tier_index! + 1}: ${describeTier(kind, basis, reached, money)}` : 'No tier reached yet'}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Still reachable</dt>
          {next ? (
            <>
              <dd className="text-lg font-semibold" data-testid="rebate-reachable">
                {basis === 'spend' ? `Buy ${money(next.missing)} more` : `Buy ${units(next.missing)} more`}
              </dd>
              <dd className="text-sm text-muted-foreground">
                to reach tier {next.tier_index + 1} ({describeTier(kind, basis, tiers[next.tier_index]!, money)})
                {next.rebate_at_next !== null && next.gain !== null ? `: about ${money(next.rebate_at_next)} in all, ${money(next.gain)} more than now` : ''}
              </dd>
            </>
          ) : (
            <dd className="text-lg font-semibold">{reached ? 'Top tier reached' : '—'}</dd>
          )}
        </div>
      </dl>
      {result.products.length === 0 ? (
        <p role="status" className="text-muted-foreground">
          Nothing was received from this supplier in the period. Goods received on Purchase orders count here.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label="Effective cost per product">
            <TableHeader>
              <TableRow>
                <TableHead>Product</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Units</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Spent</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Rebate</TableHead>
                <TableHead className="text-right">Unit cost</TableHead>
                <TableHead className="text-right">After rebate</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.products.map((product) => (
                <TableRow key={product.product_id}>
                  <TableCell className="font-medium">{product.name}</TableCell>
                  <TableCell className="hidden text-right sm:table-cell">{product.quantity.toLocaleString()}</TableCell>
                  <TableCell className="hidden text-right sm:table-cell">{money(product.spend)}</TableCell>
                  <TableCell className="hidden text-right sm:table-cell">{money(product.rebate)}</TableCell>
                  <TableCell className="text-right">{product.quantity > 0 ? money(product.average_unit_cost) : '—'}</TableCell>
                  <TableCell className="text-right font-medium">{product.quantity > 0 ? money(product.effective_unit_cost) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function AgreementForm({
  currency,
  values,
  setValues,
}: {
  currency: string;
  values: FormValues;
  setValues: (update: (current: FormValues) => FormValues) => void;
}) {
  const suppliers = useRebateSuppliers(true);
  const products = useRebateSupplierProducts(values.supplierId || null);
  const attempt = useTryRebate();
  const save = useSaveRebate();
  const [submitted, setSubmitted] = useState(false);
  const [tried, setTried] = useState<{ result: RebateResult; terms: RebateTerms } | null>(null);
  const { terms, errors } = parseForm(values, currency);
  const shown = (key: string) => (submitted ? errors[key] : undefined);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setTier = (index: number, key: keyof TierText, text: string) =>
    setValues((current) => ({ ...current, tiers: current.tiers.map((tier, at) => (at === index ? { ...tier, [key]: text } : tier)) }));

  const onTry = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!terms) return;
    attempt.mutate(terms, { onSuccess: (result) => setTried({ result, terms }) });
  };
  const onSave = () => {
    setSubmitted(true);
    if (!terms) return;
    save.mutate(
      { id: values.id, terms },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.agreement.name} saved`);
          setTried({ result: saved.result, terms });
          setSubmitted(false);
          setValues((current) => ({ ...current, id: saved.agreement.id }));
        },
      },
    );
  };

  if (suppliers.isSuccess && suppliers.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
        <PercentIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <p role="status" className="font-medium">
          Add a supplier first.
        </p>
        <p className="max-w-md text-muted-foreground">
          A rebate agreement is with a supplier. Add yours on the <Link to="/suppliers" className="underline">Suppliers</Link> page, receive their deliveries on Purchase orders, then try their rebate here.
        </p>
      </div>
    );
  }

  const thresholdLabel = values.basis === 'spend' ? `From (${currency} spent)` : 'From (units)';
  const valueLabel = values.kind === 'percent' ? 'Rebate (%)' : `Per unit (${currency})`;
  return (
    <form noValidate onSubmit={onTry} aria-label="Rebate agreement" className="grid gap-4 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">{values.id ? `Edit ${values.name || 'agreement'}` : 'Try an agreement'}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="rebate-supplier">Supplier</Label>
          <select
            id="rebate-supplier"
            className={selectClass}
            value={values.supplierId}
            aria-invalid={shown('supplierId') ? true : undefined}
            onChange={(event) => setValues((current) => ({ ...current, supplierId: event.target.value, productIds: [] }))}
          >
            <option value="">Choose a supplier</option>
            {(suppliers.data ?? []).map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
                {supplier.is_active ? '' : ' (archived)'}
              </option>
            ))}
          </select>
          {shown('supplierId') ? <FieldError>{errors.supplierId}</FieldError> : null}
        </Field>
        <Field>
          <Label htmlFor="rebate-name">Name</Label>
          <Input id="rebate-name" value={values.name} placeholder="e.g. 2026 volume rebate" onChange={(event) => set('name', event.target.value)} aria-invalid={shown('name') ? true : undefined} />
          {shown('name') ? <FieldError>{errors.name}</FieldError> : null}
        </Field>
        <Field>
          <Label htmlFor="rebate-kind">Rebate</Label>
          <select id="rebate-kind" className={selectClass} value={values.kind} onChange={(event) => set('kind', event.target.value as RebateKind)}>
            {Object.entries(REBATE_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <Label htmlFor="rebate-basis">Threshold counts</Label>
          <select id="rebate-basis" className={selectClass} value={values.basis} onChange={(event) => set('basis', event.target.value as RebateBasis)}>
            {Object.entries(REBATE_BASIS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <Label htmlFor="rebate-starts">First day</Label>
          <Input id="rebate-starts" type="date" value={values.startsOn} onChange={(event) => set('startsOn', event.target.value)} aria-invalid={shown('startsOn') ? true : undefined} />
          {shown('startsOn') ? <FieldError>{errors.startsOn}</FieldError> : null}
        </Field>
        <Field>
          <Label htmlFor="rebate-ends">Last day</Label>
          <Input id="rebate-ends" type="date" value={values.endsOn} onChange={(event) => set('endsOn', event.target.value)} aria-invalid={shown('endsOn') ? true : undefined} />
          {shown('endsOn') ? <FieldError>{errors.endsOn}</FieldError> : null}
        </Field>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-1 font-medium">Tiers</legend>
        <p className="text-sm text-muted-foreground">The highest tier reached in the period applies to everything bought in it. Leave the first threshold blank to pay from the first unit.</p>
        {values.tiers.map((tier, index) => (
          <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <Field>
              <Label htmlFor={`rebate-threshold-${index}`}>
                {thresholdLabel}
                <span className="sr-only"> (tier {index + 1})</span>
              </Label>
              <Input
                id={`rebate-threshold-${index}`}
                inputMode={values.basis === 'spend' ? 'decimal' : 'numeric'}
                value={tier.threshold}
                onChange={(event) => setTier(index, 'threshold', event.target.value)}
                aria-invalid={shown(`threshold-${index}`) ? true : undefined}
              />
              {shown(`threshold-${index}`) ? <FieldError>{errors[`threshold-${index}`]}</FieldError> : null}
            </Field>
            <Field>
              <Label htmlFor={`rebate-value-${index}`}>
                {valueLabel}
                <span className="sr-only"> (tier {index + 1})</span>
              </Label>
              <Input
                id={`rebate-value-${index}`}
                inputMode="decimal"
                value={tier.value}
                onChange={(event) => setTier(index, 'value', event.target.value)}
                aria-invalid={shown(`value-${index}`) ? true : undefined}
              />
              {shown(`value-${index}`) ? <FieldError>{errors[`value-${index}`]}</FieldError> : null}
            </Field>
            <Button
              type="button"
              variant="ghost"
              className="mt-6"
              disabled={values.tiers.length === 1}
              aria-label={`Remove tier ${index + 1}`}
              onClick={() => setValues((current) => ({ ...current, tiers: current.tiers.filter((_, at) => at !== index) }))}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ))}
        {shown('tiers') ? <FieldError>{errors.tiers}</FieldError> : null}
        {values.tiers.length < REBATE_MAX_TIERS ? (
          <div>
            <Button type="button" variant="outline" onClick={() => setValues((current) => ({ ...current, tiers: [...current.tiers, { threshold: '', value: '' }] }))}>
              <PlusIcon aria-hidden="true" /> Add tier
            </Button>
          </div>
        ) : null}
      </fieldset>

      {values.supplierId && (products.data?.length ?? 0) > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">Products</legend>
          <FieldDescription>Tick some to limit the agreement to them; none ticked means everything bought from this supplier.</FieldDescription>
          <div className="grid gap-1 sm:grid-cols-2">
            {products.data!.map((product) => (
              <label key={product.product_id} className="flex min-h-11 items-center gap-2 rounded-md border px-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={values.productIds.includes(product.product_id)}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      productIds: event.target.checked ? [...current.productIds, product.product_id] : current.productIds.filter((id) => id !== product.product_id),
                    }))
                  }
                />
                {product.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <Field>
        <Label htmlFor="rebate-notes">Notes</Label>
        <Textarea id="rebate-notes" value={values.notes} rows={2} onChange={(event) => set('notes', event.target.value)} />
      </Field>

      {attempt.isError ? <ErrorAlert title="The agreement could not be tried" error={attempt.error} /> : null}
      {save.isError ? <ErrorAlert title="The agreement could not be saved" error={save.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={attempt.isPending}>
          {attempt.isPending ? 'Trying...' : 'Try against purchases'}
        </Button>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onSave}>
          {save.isPending ? 'Saving...' : values.id ? 'Save changes' : 'Save agreement'}
        </Button>
        {values.id ? (
          <Button type="button" variant="ghost" onClick={() => setValues(() => emptyForm())}>
            New agreement
          </Button>
        ) : null}
      </div>
      {tried ? <RebateResultPanel result={tried.result} kind={tried.terms.kind} basis={tried.terms.basis} tiers={tried.terms.tiers} /> : null}
    </form>
  );
}

function AgreementCard({ agreement, onEdit }: { agreement: RebateAgreement; onEdit: () => void }) {
  const { money } = useFormatters(agreement.result.currency);
  const remove = useDeleteRebate();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 className="font-medium">{agreement.name}</h3>
          <p className="text-sm text-muted-foreground">
            {agreement.supplier.name} · {agreement.starts_on} to {agreement.ends_on}
            {agreement.product_ids.length > 0 ? ` · ${agreement.product_ids.length} ${agreement.product_ids.length === 1 ? 'product' : 'products'}` : ' · all products'}
          </p>
          <div className="flex flex-wrap gap-1">
            {agreement.tiers.map((tier, index) => (
              <Badge key={index} variant={agreement.result.tier_index !== null && index <= agreement.result.tier_index ? 'success' : 'secondary'}>
                {describeTier(agreement.kind, agreement.basis, tier, money)}
              </Badge>
            ))}
          </div>
        </div>
        {confirming ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
            <span>Delete this agreement?</span>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate(agreement.id, { onSuccess: () => toast.success('Agreement deleted'), onError: (error) => toast.error(errorMessage(error)) })}
            >
              Delete
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </div>
        ) : (
          <div className="flex gap-2">
            <Button variant="outline" onClick={onEdit}>
              Edit<span className="sr-only"> {agreement.name}</span>
            </Button>
            <Button variant="ghost" aria-label={`Delete ${agreement.name}`} onClick={() => setConfirming(true)}>
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <RebateResultPanel result={agreement.result} kind={agreement.kind} basis={agreement.basis} tiers={agreement.tiers} />
    </li>
  );
}

/**
 * /rebates-test (SPEC §2, login guarded; issue 13 item 5): rebate agreements with suppliers,
 * tried against the goods received: the rebate earned, what more to buy for the next tier, and
 * each product's unit cost after the rebate. Like purchase orders, it needs can_make_orders
 * (the owner, or an admin granted it); the server checks the same.
 */
export function RebatesPage() {
  const currency = useMe().data?.business?.currency ?? 'USD';
  const { canOrder } = usePurchasingAccess();
  const agreements = useRebateAgreements(canOrder);
  const [values, setValuesState] = useState<FormValues>(emptyForm);
  const [formKey, setFormKey] = useState(0);
  const setValues = (update: (current: FormValues) => FormValues) => setValuesState(update);

  return (
    <div className="grid gap-6">
      <PageHeader title="Supplier rebates" description="Try a supplier’s rebate against what you bought: what it earns, what more to buy for the next tier, and your real unit costs." />
      {!canOrder ? (
        <p role="status" className="rounded-lg border border-dashed p-6 text-muted-foreground">
          Rebate agreements are part of purchasing: the owner, or an admin allowed to make orders, can try and save them.
        </p>
      ) : (
        <>
          <AgreementForm key={formKey} currency={currency} values={values} setValues={setValues} />
          <section aria-label="Saved agreements" className="grid gap-3">
            <h2 className="text-lg font-semibold">Saved agreements</h2>
            {agreements.isPending ? (
              <p role="status" className="text-muted-foreground">
                Loading agreements...
              </p>
            ) : agreements.isError ? (
              <ErrorAlert title="The agreements could not be loaded" error={agreements.error} />
            ) : agreements.data.length === 0 ? (
              <p role="status" className="rounded-lg border border-dashed p-6 text-muted-foreground">
                No saved agreements yet. Fill in a supplier’s terms above, try them, and save the ones you have signed.
              </p>
            ) : (
              <ul aria-label="Rebate agreements" className="grid gap-3">
                {agreements.data.map((agreement) => (
                  <AgreementCard
                    key={agreement.id}
                    agreement={agreement}
                    onEdit={() => {
                      setValuesState(formOf(agreement, currency));
                      setFormKey((key) => key + 1);
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
