import { FEATURE_NAMES, PLAN_LIMIT_LABELS, PLAN_LIMIT_RESOURCES, describePlanLimit, type FeatureName, type PlanLimitResource } from '@till/core';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { FEATURE_LABELS } from '@/lib/feature-labels';
import { formatMoney, minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useAdminPlans, useAssignPlan, useBusinessPlans, useDeletePlan, useSavePlan, type AdminPlan, type PlanInput } from '../api/plans';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

interface FormValues {
  id: string | null;
  name: string;
  description: string;
  price: string;
  currency: string;
  limits: Record<PlanLimitResource, string>;
  features: FeatureName[];
  isActive: boolean;
  isDefault: boolean;
  sortOrder: string;
}

const emptyForm = (): FormValues => ({
  id: null,
  name: '',
  description: '',
  price: '',
  currency: 'USD',
  limits: { stores: '', registers: '', employees: '', products: '' },
  features: ['pos_system', 'inventory_management'],
  isActive: true,
  isDefault: false,
  sortOrder: '0',
});

function formOf(plan: AdminPlan): FormValues {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: minorToDecimalText(plan.monthly_price, plan.currency),
    currency: plan.currency,
    limits: Object.fromEntries(PLAN_LIMIT_RESOURCES.map((resource) => [resource, plan.limits[resource] === null ? '' : String(plan.limits[resource])])) as Record<PlanLimitResource, string>,
    features: plan.features,
    isActive: plan.is_active,
    isDefault: plan.is_default,
    sortOrder: String(plan.sort_order),
  };
}

function parseForm(values: FormValues): { plan: PlanInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = 'Give the plan a name';
  if (!/^[A-Z]{3}$/.test(values.currency.trim())) errors.currency = 'A three-letter currency code such as USD';
  const price = parseMoneyText(values.price.trim() || '0', /^[A-Z]{3}$/.test(values.currency.trim()) ? values.currency.trim() : 'USD');
  if (!price.ok) errors.price = price.message;
  const limits = {} as PlanInput['limits'];
  for (const resource of PLAN_LIMIT_RESOURCES) {
    const text = values.limits[resource].trim();
    if (text === '') limits[resource] = null;
    else if (/^\d{1,7}$/.test(text)) limits[resource] = Number(text);
    else errors[resource] = 'A whole number, or empty for unlimited';
  }
  if (values.isDefault && !values.isActive) errors.isActive = 'The default plan must be on offer';
  if (Object.keys(errors).length > 0 || !price.ok) return { plan: null, errors };
  return {
    plan: {
      name: values.name.trim(),
      description: values.description.trim(),
      monthly_price: price.amount,
      currency: values.currency.trim(),
      limits,
      features: values.features,
      is_active: values.isActive,
      is_default: values.isDefault,
      sort_order: Number(values.sortOrder) || 0,
    },
    errors,
  };
}

function PlanForm({ initial, onDone }: { initial: FormValues; onDone: () => void }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePlan();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseForm(values);
    setErrors(parsed.errors);
    if (!parsed.plan) return;
    save.mutate(
      { id: values.id, plan: parsed.plan },
      {
        onSuccess: () => {
          toast.success(values.id ? 'Plan saved' : 'Plan added');
          onDone();
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{values.id ? `Edit ${initial.name}` : 'New plan'}</CardTitle>
        <CardDescription>Limits apply to what businesses add from now on. Leave a limit empty for unlimited.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Plan">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="plan-name">Name</Label>
              <Input id="plan-name" value={values.name} onChange={(event) => set('name', event.target.value)} aria-invalid={Boolean(errors.name)} />
              {errors.name ? <FieldError>{errors.name}</FieldError> : null}
            </Field>
            <Field>
              <Label htmlFor="plan-description">Description</Label>
              <Input id="plan-description" value={values.description} onChange={(event) => set('description', event.target.value)} />
            </Field>
            <Field>
              <Label htmlFor="plan-price">Monthly price</Label>
              <Input id="plan-price" inputMode="decimal" value={values.price} onChange={(event) => set('price', event.target.value)} aria-invalid={Boolean(errors.price)} />
              {errors.price ? <FieldError>{errors.price}</FieldError> : null}
            </Field>
            <Field>
              <Label htmlFor="plan-currency">Currency</Label>
              <Input id="plan-currency" value={values.currency} maxLength={3} onChange={(event) => set('currency', event.target.value.toUpperCase())} aria-invalid={Boolean(errors.currency)} />
              {errors.currency ? <FieldError>{errors.currency}</FieldError> : null}
            </Field>
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-4">
            <legend className="mb-2 text-sm font-medium">Limits</legend>
            {PLAN_LIMIT_RESOURCES.map((resource) => (
              <Field key={resource}>
                <Label htmlFor={`plan-limit-${resource}`} className="capitalize">
                  {PLAN_LIMIT_LABELS[resource].many}
                </Label>
                <Input
                  id={`plan-limit-${resource}`}
                  inputMode="numeric"
                  placeholder="Unlimited"
                  value={values.limits[resource]}
                  onChange={(event) => set('limits', { ...values.limits, [resource]: event.target.value })}
                  aria-invalid={Boolean(errors[resource])}
                />
                {errors[resource] ? <FieldError>{errors[resource]}</FieldError> : null}
              </Field>
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Included features</legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURE_NAMES.map((feature) => (
                <label key={feature} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={values.features.includes(feature)}
                    onChange={(event) => set('features', event.target.checked ? [...values.features, feature] : values.features.filter((name) => name !== feature))}
                  />
                  {FEATURE_LABELS[feature]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-6">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} />
              On offer (shown on Pricing)
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" checked={values.isDefault} disabled={initial.isDefault} onChange={(event) => set('isDefault', event.target.checked)} />
              Default plan for businesses without one
            </label>
          </div>
          {errors.isActive ? <FieldError>{errors.isActive}</FieldError> : null}
          {initial.isDefault ? <FieldDescription>To change the default, make another plan the default.</FieldDescription> : null}
          {save.isError ? <ErrorAlert title="The plan was not saved" error={save.error} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save plan'}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function BusinessesCard({ plans }: { plans: AdminPlan[] }) {
  const businesses = useBusinessPlans();
  const assign = useAssignPlan();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Businesses</CardTitle>
        <CardDescription>Which plan each business is on. There is no payment provider: this is the platform's own record.</CardDescription>
      </CardHeader>
      <CardContent>
        {businesses.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading businesses...
          </p>
        ) : businesses.isError ? (
          <ErrorAlert title="The businesses could not be loaded" error={businesses.error} />
        ) : (
          <ul className="grid gap-2" aria-label="Businesses and their plans">
            {businesses.data.map((business) => (
              <li key={business.id} className="flex flex-wrap items-center justify-between gap-2 border-b py-2 last:border-b-0">
                <span className="min-w-0 font-medium break-words">{business.name}</span>
                <select
                  className={`${selectClass} sm:w-56`}
                  aria-label={`Plan of ${business.name}`}
                  value={business.plan?.id ?? ''}
                  disabled={assign.isPending}
                  onChange={(event) =>
                    assign.mutate(
                      { businessId: business.id, planId: event.target.value },
                      { onSuccess: () => toast.success(`${business.name} is on ${plans.find((plan) => plan.id === event.target.value)?.name ?? 'the plan'}`), onError: (error) => toast.error(errorMessage(error)) },
                    )
                  }
                >
                  {plans.map((plan) => (
                    <option key={plan.id} value={plan.id}>
                      {plan.name}
                      {plan.is_default && business.on_default_plan ? ' (default)' : ''}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /superadmin/subscription-plans: the plans, their limits and features, and who is on which. */
export function PlansAdminPage() {
  const plans = useAdminPlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<FormValues | null>(null);
  return (
    <div className="grid gap-6">
      <PageHeader title="Subscription Plans" description="The plans businesses can be on: price, limits and included features." />
      {editing ? <PlanForm key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} /> : (
        <Button className="justify-self-start" onClick={() => setEditing(emptyForm())}>
          <PlusIcon aria-hidden="true" /> New plan
        </Button>
      )}
      {plans.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading plans...
        </p>
      ) : plans.isError ? (
        <ErrorAlert title="The plans could not be loaded" error={plans.error} />
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table aria-label="Plans">
              <TableHeader>
                <TableRow>
                  <TableHead>Plan</TableHead>
                  <TableHead className="text-right">Per month</TableHead>
                  <TableHead className="hidden md:table-cell">Limits</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Businesses</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {plans.data.map((plan) => (
                  <TableRow key={plan.id}>
                    <TableCell>
                      <div className="flex flex-wrap items-center gap-2 font-medium">
                        {plan.name}
                        {plan.is_default ? <Badge variant="secondary">Default</Badge> : null}
                        {plan.is_active ? null : <Badge variant="outline">Not offered</Badge>}
                      </div>
                      <div className="text-sm text-muted-foreground">{plan.features.length} features</div>
                    </TableCell>
                    <TableCell className="text-right">{formatMoney(plan.monthly_price, plan.currency)}</TableCell>
                    <TableCell className="hidden text-sm md:table-cell">{PLAN_LIMIT_RESOURCES.map((resource) => describePlanLimit(resource, plan.limits[resource])).join(' · ')}</TableCell>
                    <TableCell className="hidden text-right sm:table-cell">{plan.businesses}</TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="icon" aria-label={`Edit ${plan.name}`} onClick={() => setEditing(formOf(plan))}>
                          <PencilIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${plan.name}`}
                          disabled={plan.is_default || plan.businesses > 0 || remove.isPending}
                          onClick={() => remove.mutate(plan.id, { onSuccess: () => toast.success(`${plan.name} deleted`), onError: (error) => toast.error(errorMessage(error)) })}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <BusinessesCard plans={plans.data} />
        </>
      )}
    </div>
  );
}
