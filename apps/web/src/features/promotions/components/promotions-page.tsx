import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, type PromotionKind, type PromotionRule } from '@till/core';
import { TagIcon } from 'lucide-react';
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

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const selectClass = 'h-11 w-full rounded-md border border-input bg-background px-3 text-sm sm:h-9';

type Targets = NonNullable<ReturnType<typeof usePromotionTargets>['data']>;

/** /marketing (SPEC §2): promotions the till applies by itself (promotions_pricing, decision 050). */
export function PromotionsPage() {
  const promotions = usePromotions();
  const targets = usePromotionTargets();
  const currency = useMe().data?.business?.currency ?? 'USD';
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
          <PromotionForm targets={targets.data} currency={currency} />
          <PromotionsTable promotions={promotions.data} targets={targets.data} currency={currency} />
        </div>
      )}
    </div>
  );
}

function PromotionForm({ targets, currency }: { targets: Targets; currency: string }) {
  const create = useCreatePromotion();
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [kind, setKind] = useState<PromotionKind>('percent_off');
  const [percent, setPercent] = useState('');
  const [amount, setAmount] = useState('');
  const [buy, setBuy] = useState('2');
  const [free, setFree] = useState('1');
  const [bundleQuantity, setBundleQuantity] = useState('3');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [days, setDays] = useState<number[]>([]);
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [error, setError] = useState<string | null>(null);

  const rule = (): PromotionRule | string => {
    if (kind === 'percent_off') {
      const value = Number(percent);
      if (!percent.trim() || !Number.isFinite(value) || value <= 0 || value > 100) return 'Enter a percentage between 0 and 100';
      return { kind, basisPoints: Math.round(value * 100) };
    }
    if (kind === 'buy_x_get_y') return { kind, buyQuantity: Number(buy), freeQuantity: Number(free) };
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
      active: true,
      productId: targetKind === 'product' ? id : null,
      categoryId: targetKind === 'category' ? id : null,
      rule: priced,
      startsOn: startsOn || null,
      endsOn: endsOn || null,
      daysOfWeek: days,
      startTime: startTime || null,
      endTime: endTime || null,
    };
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
        <CardTitle>Add a promotion</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Add a promotion">
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
              {DAYS.map((day, index) => (
                <label key={day} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={days.includes(index)}
                    onChange={(event) => setDays(event.target.checked ? [...days, index] : days.filter((value) => value !== index))}
                  />
                  {day}
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
          <Button type="submit" className="h-11 sm:h-9" disabled={create.isPending}>
            <TagIcon aria-hidden="true" />
            {create.isPending ? 'Saving...' : 'Add promotion'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function describeRule(rule: PromotionRule, currency: string): string {
  switch (rule.kind) {
    case 'percent_off':
      return `${rule.basisPoints / 100}% off`;
    case 'amount_off':
      return `${minorToDecimalText(rule.amount, currency)} ${currency} off each`;
    case 'buy_x_get_y':
      return `Buy ${rule.buyQuantity} get ${rule.freeQuantity} free`;
    case 'bundle_price':
      return `${rule.quantity} for ${minorToDecimalText(rule.price, currency)} ${currency}`;
  }
}

function describeWhen(promotion: PromotionRow): string {
  const parts = [
    promotion.startsOn || promotion.endsOn ? `${promotion.startsOn ?? '…'} – ${promotion.endsOn ?? '…'}` : null,
    promotion.daysOfWeek.length ? promotion.daysOfWeek.map((day) => DAYS[day]).join(', ') : null,
    promotion.startTime ? `${promotion.startTime}–${promotion.endTime}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Always';
}

function PromotionsTable({ promotions, targets, currency }: { promotions: PromotionRow[]; targets: Targets; currency: string }) {
  const replace = useReplacePromotion();
  const targetName = (promotion: PromotionRow) =>
    promotion.categoryId
      ? (targets.categories.find((category) => category.id === promotion.categoryId)?.name ?? 'A category')
      : (targets.products.find((product) => product.id === promotion.productId)?.name ?? 'A product');
  const toggle = (promotion: PromotionRow) => {
    const { id, createdAt: _createdAt, ...body } = promotion;
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
                  <Button
                    variant="outline"
                    className="h-11 sm:h-8"
                    onClick={() => toggle(promotion)}
                    disabled={replace.isPending}
                    aria-label={promotion.active ? `Switch off ${promotion.name}` : `Switch on ${promotion.name}`}
                  >
                    {promotion.active ? 'Switch off' : 'Switch on'}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
