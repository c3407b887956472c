import { ISO_WEEKDAYS, PROMOTION_KIND_LABELS, PROMOTION_KINDS, WEEKDAY_SHORT_LABELS, type PromotionKind } from '@till/core';
import { PencilIcon, TagIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useCreatePromotion, usePromotions, usePromotionTargets, useReplacePromotion, type PromotionBody, type PromotionRow } from '../api/promotions';

type PromotionRule = PromotionRow['rule'];

/**
 * Monday first, as the checklists form (ISO weekdays); a promotion stores JavaScript's day numbers
 * (0 is Sunday), so ISO 7 is day 0.
 */
const DAYS = ISO_WEEKDAYS.map((iso) => ({ day: iso % 7, label: WEEKDAY_SHORT_LABELS[iso] }));
const mondayFirst = (a: number, b: number) => ((a + 6) % 7) - ((b + 6) % 7);
const selectClass = 'h-11 w-full rounded-md border border-input bg-background px-3 text-sm sm:h-9';

type Targets = NonNullable<ReturnType<typeof usePromotionTargets>['data']>;

/** /marketing (SPEC §2): promotions the till applies by itself (promotions_pricing, decision 050). */
export function PromotionsPage() {
  const promotions = usePromotions();
  const targets = usePromotionTargets();
  const currency = useMe().data?.business?.currency ?? 'USD';
  const [editing, setEditing] = useState<PromotionRow | null>(null);
  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader title="Promotions" description="Happy hours, percentages or amounts off, buy X get Y and bundle prices. The till applies the best one to each line by itself." />
      {promotions.isPending || targets.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading promotions...
        </p>
      ) : promotions.isError ? (
        <ErrorAlert title="The promotions could not be loaded" error={promotions.error} className="max-w-lg" />
      ) : targets.isError ? (
        <ErrorAlert title="The products could not be loaded" error={targets.error} className="max-w-lg" />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[24rem_minmax(0,1fr)] lg:items-start">
          {editing ? (
            <PromotionForm key={editing.id} targets={targets.data} currency={currency} promotion={editing} onDone={() => setEditing(null)} />
          ) : (
            <PromotionForm key="new" targets={targets.data} currency={currency} />
          )}
          <PromotionsTable promotions={promotions.data} targets={targets.data} currency={currency} editingId={editing?.id ?? null}
            onEdit={(promotion) => {
              setEditing(promotion);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </div>
      )}
    </div>
  );
}

/** Adds a promotion, or with `promotion` edits it (all its fields, through the API's PUT). */
function PromotionForm({ targets, currency, promotion, onDone }: { targets: Targets; currency: string; promotion?: PromotionRow; onDone?: () => void }) {
  const create = useCreatePromotion();
  const replace = useReplacePromotion();
  const saving = promotion ? replace : create;
  const rule0 = promotion?.rule;
  const [name, setName] = useState(promotion?.name ?? '');
  const [target, setTarget] = useState(promotion ? (promotion.category_id ? `category:${promotion.category_id}` : `product:${promotion.product_id}`) : '');
  const [kind, setKind] = useState<PromotionKind>(rule0?.kind ?? 'percent_off');
  const [percent, setPercent] = useState(rule0?.kind === 'percent_off' ? String(rule0.basis_points / 100) : '');
  const [amount, setAmount] = useState(rule0?.kind === 'amount_off' ? minorToDecimalText(rule0.amount, currency) : rule0?.kind === 'bundle_price' ? minorToDecimalText(rule0.price, currency) : '');
  const [buy, setBuy] = useState(rule0?.kind === 'buy_x_get_y' ? String(rule0.buy_quantity) : '2');
  const [free, setFree] = useState(rule0?.kind === 'buy_x_get_y' ? String(rule0.free_quantity) : '1');
  const [bundleQuantity, setBundleQuantity] = useState(rule0?.kind === 'bundle_price' ? String(rule0.quantity) : '3');
  const [startsOn, setStartsOn] = useState(promotion?.starts_on ?? '');
  const [endsOn, setEndsOn] = useState(promotion?.ends_on ?? '');
  const [days, setDays] = useState<number[]>(promotion?.days_of_week ?? []);
  const [startTime, setStartTime] = useState(promotion?.start_time ?? '');
  const [endTime, setEndTime] = useState(promotion?.end_time ?? '');
  const [error, setError] = useState<string | null>(null);

  const rule = (): PromotionRule | string => {
    if (kind === 'percent_off') {
      const value = Number(percent);
      if (!percent.trim() || !Number.isFinite(value) || value <= 0 || value > 100) return 'Enter a percentage between 0 and 100';
      return { kind, basis_points: Math.round(value * 100) };
    }
    if (kind === 'buy_x_get_y') return { kind, buy_quantity: Number(buy), free_quantity: Number(free) };
    const money = parseMoneyText(amount, currency);
    if (!money.ok) return money.message;
    return kind === 'amount_off' ? { kind, amount: money.amount } : { kind, quantity: Number(bundleQuantity), price: money.amount };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name the promotion');
    if (!target) return setError('Choose a product or a category');
    const priced = rule();
    if (typeof priced === 'string') return setError(priced);
    setError(null);
    const [targetKind, id] = target.split(':') as ['product' | 'category', string];
    const body: PromotionBody = {
      name: name.trim(),
      active: promotion?.active ?? true,
      product_id: targetKind === 'product' ? id : null,
      category_id: targetKind === 'category' ? id : null,
      rule: priced,
      starts_on: startsOn || null,
      ends_on: endsOn || null,
      days_of_week: [...days].sort(mondayFirst),
      start_time: startTime || null,
      end_time: endTime || null,
    };
    if (promotion) {
      replace.mutate(
        { id: promotion.id, body },
        {
          onError: (failure) => setError(errorMessage(failure)),
          onSuccess: () => {
            toast.success(`Saved ${body.name}`);
            onDone?.();
          },
        },
      );
      return;
    }
    create.mutate(body, {
      onError: (failure) => setError(errorMessage(failure)),
      onSuccess: () => {
        toast.success(`Added ${body.name}`);
        setName('');
        setPercent('');
        setAmount('');
      },
    });
  };

  const number = (id: string, label: string, value: string, set: (value: string) => void, min: number) => (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="number" min={min} max={100} step={1} value={value} onChange={(event) => set(event.target.value)} className="h-11 sm:h-9" />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{promotion ? `Edit ${promotion.name}` : 'Add a promotion'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label={promotion ? 'Edit promotion' : 'Add a promotion'}>
          <Field>
            <Label htmlFor="promotion-name">Name</Label>
            <Input id="promotion-name" value={name} maxLength={100} placeholder="20% off drinks" onChange={(event) => setName(event.target.value)} className="h-11 sm:h-9" />
          </Field>
          <Field>
            <Label htmlFor="promotion-target">Product or category</Label>
            <select id="promotion-target" className={selectClass} value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="">Choose a product or a category</option>
              <optgroup label="Categories">
                {targets.categories.map((category) => (
                  <option key={category.id} value={`category:${category.id}`}>
                    {category.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Products">
                {targets.products.map((product) => (
                  <option key={product.id} value={`product:${product.id}`}>
                    {product.name}
                  </option>
                ))}
              </optgroup>
            </select>
          </Field>
          <Field>
            <Label htmlFor="promotion-kind">Kind</Label>
            <select id="promotion-kind" className={selectClass} value={kind} onChange={(event) => setKind(event.target.value as PromotionKind)}>
              {PROMOTION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {PROMOTION_KIND_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
          {kind === 'percent_off' ? (
            <Field>
              <Label htmlFor="promotion-percent">Percentage off</Label>
              <Input id="promotion-percent" inputMode="decimal" value={percent} placeholder="20" onChange={(event) => setPercent(event.target.value)} className="h-11 sm:h-9" />
            </Field>
          ) : kind === 'buy_x_get_y' ? (
            <div className="grid grid-cols-2 gap-3">
              {number('promotion-buy', 'Buy', buy, setBuy, 1)}
              {number('promotion-free', 'Get free', free, setFree, 1)}
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              {kind === 'bundle_price' ? number('promotion-bundle', 'Units', bundleQuantity, setBundleQuantity, 2) : null}
              <Field>
                <Label htmlFor="promotion-amount">{kind === 'amount_off' ? `Off each (${currency})` : `Bundle price (${currency})`}</Label>
                <Input id="promotion-amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} className="h-11 sm:h-9" />
              </Field>
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Field>
              <Label htmlFor="promotion-starts">From (optional)</Label>
              <Input id="promotion-starts" type="date" value={startsOn} onChange={(event) => setStartsOn(event.target.value)} className="h-11 sm:h-9" />
            </Field>
            <Field>
              <Label htmlFor="promotion-ends">Until (optional)</Label>
              <Input id="promotion-ends" type="date" value={endsOn} onChange={(event) => setEndsOn(event.target.value)} className="h-11 sm:h-9" />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Days (none: every day)</legend>
            <div className="flex flex-wrap gap-3">
              {DAYS.map(({ day, label }) => (
                <label key={day} className="flex min-h-11 items-center gap-1.5 text-sm sm:min-h-0">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={days.includes(day)}
                    onChange={(event) => setDays(event.target.checked ? [...days, day] : days.filter((value) => value !== day))}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <Field>
              <Label htmlFor="promotion-start-time">Happy hour from</Label>
              <Input id="promotion-start-time" type="time" value={startTime} onChange={(event) => setStartTime(event.target.value)} className="h-11 sm:h-9" />
            </Field>
            <Field>
              <Label htmlFor="promotion-end-time">until</Label>
              <Input id="promotion-end-time" type="time" value={endTime} onChange={(event) => setEndTime(event.target.value)} className="h-11 sm:h-9" />
            </Field>
          </div>
          <p className="text-xs text-muted-foreground">Dates and hours are in the business's time zone. One promotion per line: the best for the customer.</p>
          <FieldError role="alert">{error}</FieldError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="h-11 sm:h-9" disabled={saving.isPending}>
              <TagIcon aria-hidden="true" />
              {saving.isPending ? 'Saving...' : promotion ? 'Save changes' : 'Add promotion'}
            </Button>
            {promotion ? (
              <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function describeRule(rule: PromotionRule, currency: string): string {
  switch (rule.kind) {
    case 'percent_off':
      return `${rule.basis_points / 100}% off`;
    case 'amount_off':
      return `${minorToDecimalText(rule.amount, currency)} ${currency} off each`;
    case 'buy_x_get_y':
      return `Buy ${rule.buy_quantity} get ${rule.free_quantity} free`;
    case 'bundle_price':
      return `${rule.quantity} for ${minorToDecimalText(rule.price, currency)} ${currency}`;
  }
}

function describeWhen(promotion: PromotionRow): string {
  const parts = [
    promotion.starts_on || promotion.ends_on ? `${promotion.starts_on ?? '…'} – ${promotion.ends_on ?? '…'}` : null,
    promotion.days_of_week.length
      ? [...promotion.days_of_week]
          .sort(mondayFirst)
          .map((day) => DAYS.find((item) => item.day === day)?.label)
          .join(', ')
      : null,
    promotion.start_time ? `${promotion.start_time}–${promotion.end_time}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Always';
}

function PromotionsTable({
  promotions,
  targets,
  currency,
  editingId,
  onEdit,
}: {
  promotions: PromotionRow[];
  targets: Targets;
  currency: string;
  editingId: string | null;
  onEdit: (promotion: PromotionRow) => void;
}) {
  const replace = useReplacePromotion();
  const targetName = (promotion: PromotionRow) =>
    promotion.category_id
      ? (targets.categories.find((category) => category.id === promotion.category_id)?.name ?? 'A category')
      : (targets.products.find((product) => product.id === promotion.product_id)?.name ?? 'A product');
  const toggle = (promotion: PromotionRow) => {
    const { id, created_at: _createdAt, ...body } = promotion;
    replace.mutate(
      { id, body: { ...body, active: !promotion.active } },
      {
        onSuccess: () => toast.success(promotion.active ? `Switched off ${promotion.name}` : `Switched on ${promotion.name}`),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };
  return (
    <section aria-labelledby="promotions-heading" className="grid min-w-0 gap-3">
      <h2 id="promotions-heading" className="text-lg font-semibold">
        Your promotions
      </h2>
      {promotions.length === 0 ? (
        <p className="text-muted-foreground">No promotions yet. Add one and the till applies it to the next sale.</p>
      ) : (
        <Table aria-label="Promotions">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Promotion</TableHead>
              <TableHead className="hidden md:table-cell">When</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {promotions.map((promotion) => (
              <TableRow key={promotion.id}>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2 font-medium">
                    {promotion.name}
                    {promotion.active ? <Badge variant="secondary">On</Badge> : <Badge variant="outline">Off</Badge>}
                  </div>
                  <div className="text-sm text-muted-foreground">
                    {describeRule(promotion.rule, currency)} · {targetName(promotion)}
                  </div>
                  <div className="text-sm text-muted-foreground md:hidden">{describeWhen(promotion)}</div>
                </TableCell>
                <TableCell className="hidden md:table-cell">{describeWhen(promotion)}</TableCell>
                <TableCell className="text-right">
                  <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    variant="outline"
                    className="h-11 sm:h-8"
                    onClick={() => onEdit(promotion)}
                    disabled={editingId === promotion.id}
                    aria-label={`Edit ${promotion.name}`}
                  >
                    <PencilIcon aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    className="h-11 sm:h-8"
                    onClick={() => toggle(promotion)}
                    disabled={replace.isPending}
                    aria-label={promotion.active ? `Switch off ${promotion.name}` : `Switch on ${promotion.name}`}
                  >
                    {promotion.active ? 'Switch off' : 'Switch on'}
                  </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
