import { PAYMENT_METHODS } from '@till/core';
import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { EmployeeOption } from '../api/get-employee-options';
import { ORDER_STATUSES } from '../api/types';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DATE_PRESET_LABELS, DATE_PRESETS, dayInZone, presetDays } from '../utils/date-range';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '../utils/format';
import { EMPTY_ORDER_FILTERS, hasActiveFilters, parseOrderNumber, type DateRangeChoice, type OrderFilters } from '../utils/order-filters';

// Radix Select items need a non-empty value: this one stands for "no filter".
const ANY = 'any';

interface OrderFiltersBarProps {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  timeZone: string;
  /** Null hides the employee filter (the employees list is not available to this actor). */
  employees: EmployeeOption[] | null;
  /** The open stores of a business with several (decision 049); empty hides the store filter. */
  stores?: { id: string; name: string }[];
  /** The name to show for a customerId filter, when the list has told us. */
  customerName: string | null;
  numberInputRef?: Ref<HTMLInputElement>;
}

function NumberSearch({ value, onCommit, inputRef }: { value: number | null; onCommit: (number: number | null) => void; inputRef?: Ref<HTMLInputElement> | undefined }) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  // The URL may change under the field (Clear filters, back button): follow it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (parseOrderNumber(text) !== value) setText(value === null ? '' : String(value));
  }
  const settled = useDebouncedValue(text, 300);
  // Only a settled change of the text commits; a change of `value` is followed above.
  const commitSettled = useEffectEvent((settledText: string) => {
    const number = parseOrderNumber(settledText);
    if (number !== value && (number !== null || settledText.trim() === '')) onCommit(number);
  });
  useEffect(() => commitSettled(settled), [settled]);
  const invalid = text.trim() !== '' && parseOrderNumber(text) === null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Sale number</Label>
      <form
        role="search"
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          const number = parseOrderNumber(text);
          if (number !== null || text.trim() === '') onCommit(number);
        }}
      >
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          inputMode="numeric"
          autoComplete="off"
          placeholder="#1042"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          aria-keyshortcuts="/"
          className="pl-9"
        />
      </form>
      {invalid ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          A sale number is a whole number, like 1042.
        </p>
      ) : null}
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onValueChange,
  options,
  anyLabel,
}: {
  label: string;
  value: string | null;
  onValueChange: (value: string | null) => void;
  options: readonly { value: string; label: string }[];
  anyLabel: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ANY} onValueChange={(next) => onValueChange(next === ANY ? null : next)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const RANGE_OPTIONS = [
  ...DATE_PRESETS.map((preset) => ({ value: preset, label: DATE_PRESET_LABELS[preset] })),
  { value: 'custom', label: 'Custom dates' },
] as const;

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

/** Filters of the orders list; every change goes to the URL through `onChange`. */
export function OrderFiltersBar({ filters, onChange, timeZone, employees, stores = [], customerName, numberInputRef }: OrderFiltersBarProps) {
  const fromId = useId();
  const toId = useId();
  const set = (changes: Partial<OrderFilters>) => onChange({ ...filters, ...changes });

  const chooseRange = (range: DateRangeChoice) => {
    if (range !== 'custom') return set({ range, from: null, to: null });
    // Custom starts from what was shown, so the dates can be nudged rather than typed anew.
    const now = new Date();
    const shown =
      filters.range === 'all' || filters.range === 'custom'
        ? { from: filters.from ?? dayInZone(now, timeZone), to: filters.to ?? dayInZone(now, timeZone) }
        : presetDays(filters.range, now, timeZone);
    return set({ range, ...shown });
  };

  const employeeOptions = (employees ?? []).map((employee) => ({
    value: employee.id,
    label: employee.is_active ? employee.full_name : `${employee.full_name} (inactive)`,
  }));

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-1">
          <NumberSearch value={filters.number} onCommit={(number) => set({ number })} inputRef={numberInputRef} />
        </div>
        <FilterSelect
          label="Date"
          value={filters.range === 'all' ? null : filters.range}
          onValueChange={(value) => chooseRange((value ?? 'all') as DateRangeChoice)}
          options={RANGE_OPTIONS}
          anyLabel="All dates"
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          onValueChange={(value) => set({ status: value as OrderFilters['status'] })}
          options={STATUS_OPTIONS}
          anyLabel="Any status"
        />
        <FilterSelect
          label="Payment method"
          value={filters.method}
          onValueChange={(value) => set({ method: value as OrderFilters['method'] })}
          options={METHOD_OPTIONS}
          anyLabel="Any method"
        />
        {employees ? (
          <FilterSelect
            label="Employee"
            value={filters.employeeId}
            onValueChange={(employeeId) => set({ employeeId })}
            options={employeeOptions}
            anyLabel="Anyone"
          />
        ) : null}
        {stores.length > 0 ? (
          <FilterSelect
            label="Store"
            value={filters.storeId}
            onValueChange={(storeId) => set({ storeId })}
            options={stores.map((store) => ({ value: store.id, label: store.name }))}
            anyLabel="All stores"
          />
        ) : null}
      </div>

      {filters.range === 'custom' ? (
        <fieldset className="grid grid-cols-2 gap-3 sm:max-w-md">
          <legend className="sr-only">Custom dates</legend>
          <div className="grid gap-2">
            <Label htmlFor={fromId}>From</Label>
            <Input id={fromId} type="date" value={filters.from ?? ''} max={filters.to ?? undefined} onChange={(event) => set({ from: event.target.value || null })} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={toId}>To</Label>
            <Input id={toId} type="date" value={filters.to ?? ''} min={filters.from ?? undefined} onChange={(event) => set({ to: event.target.value || null })} />
          </div>
        </fieldset>
      ) : null}

      {hasActiveFilters(filters) ? (
        <div className="flex flex-wrap items-center gap-2">
          {filters.customerId ? (
            <Button variant="secondary" onClick={() => set({ customerId: null })} aria-label={`Stop showing only ${customerName ?? 'this customer'}'s orders`}>
              Customer: {customerName ?? 'selected customer'}
              <XIcon aria-hidden="true" />
            </Button>
          ) : null}
          {filters.employeeId && !employees ? (
            <Button variant="secondary" onClick={() => set({ employeeId: null })} aria-label="Stop filtering by employee">
              One employee's sales
              <XIcon aria-hidden="true" />
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => onChange(EMPTY_ORDER_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
