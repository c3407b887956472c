import { XIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { ExpenseCategory, ExpenseFilters } from '../api/types';

// Radix Select items need a non-empty value: this one stands for "no filter".
const ANY = 'any';

export const NO_EXPENSE_FILTERS: ExpenseFilters = { from: null, to: null, categoryId: null, status: null, payee: null };

export const hasExpenseFilters = (filters: ExpenseFilters) => Object.values(filters).some((value) => value !== null && value !== '');

/** Date range, category, status and payee: what the list, the totals and the CSV export all use. */
export function ExpenseFiltersBar({
  filters,
  onChange,
  categories,
}: {
  filters: ExpenseFilters;
  onChange: (filters: ExpenseFilters) => void;
  categories: ExpenseCategory[];
}) {
  const id = useId();
  const [payeeText, setPayeeText] = useState(filters.payee ?? '');
  // The URL may change under the field (Clear filters, back button): follow it.
  const [shownPayee, setShownPayee] = useState(filters.payee);
  if (filters.payee !== shownPayee) {
    setShownPayee(filters.payee);
    setPayeeText(filters.payee ?? '');
  }
  const settledPayee = useDebouncedValue(payeeText, 300);
  const commitPayee = useEffectEvent((text: string) => {
    const next = text.trim() === '' ? null : text.trim();
    if (next !== filters.payee) onChange({ ...filters, payee: next });
  });
  useEffect(() => commitPayee(settledPayee), [settledPayee]);

  const rangeWrong = filters.from !== null && filters.to !== null && filters.from > filters.to;

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(event) => onChange({ ...filters, from: event.target.value || null })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            aria-invalid={rangeWrong || undefined}
            aria-describedby={rangeWrong ? `${id}-range-error` : undefined}
            onChange={(event) => onChange({ ...filters, to: event.target.value || null })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select value={filters.categoryId ?? ANY} onValueChange={(value) => onChange({ ...filters, categoryId: value === ANY ? null : value })}>
            <SelectTrigger id={`${id}-category`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>All categories</SelectItem>
              {categories.map((category) => (
                <SelectItem key={category.id} value={category.id}>
                  {category.name}
                  {category.archived ? ' (archived)' : ''}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select
            value={filters.status ?? ANY}
            onValueChange={(value) => onChange({ ...filters, status: value === 'paid' || value === 'unpaid' ? value : null })}
          >
            <SelectTrigger id={`${id}-status`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Paid and unpaid</SelectItem>
              <SelectItem value="paid">Paid</SelectItem>
              <SelectItem value="unpaid">Unpaid</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="col-span-2 grid gap-2 md:col-span-1">
          <Label htmlFor={`${id}-payee`}>Payee</Label>
          <Input id={`${id}-payee`} type="search" placeholder="Name contains…" value={payeeText} onChange={(event) => setPayeeText(event.target.value)} />
        </div>
      </div>
      {rangeWrong ? (
        <p id={`${id}-range-error`} className="text-sm font-medium text-red-700">
          The start date is after the end date.
        </p>
      ) : null}
      {hasExpenseFilters(filters) ? (
        <Button variant="ghost" className="justify-self-start" onClick={() => onChange(NO_EXPENSE_FILTERS)}>
          <XIcon aria-hidden="true" /> Clear filters
        </Button>
      ) : null}
    </div>
  );
}
