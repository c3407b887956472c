import { SearchIcon, UserPlusIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useCreateCustomer } from '../api/create-customer';
import { useCustomers } from '../api/get-customers';
import type { Customer } from '../api/types';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formValuesFromSearch } from '../utils/customer-form-values';

const RESULTS = 8;

// The new-customer form (and its form library) loads when a cashier adds a customer, not with the till.
const CustomerForm = lazy(() => import('./customer-form').then((module) => ({ default: module.CustomerForm })));

export interface CustomerPickerProps {
  /** Called with the customer found, or just created, to attach to the sale. */
  onSelect: (customer: Customer) => void;
  /** Focus the search box when the picker opens. */
  autoFocus?: boolean;
  className?: string;
}

/**
 * Attach a customer at the till: type part of a name, email or phone, pick with a tap or the
 * arrow keys and Enter, or add the customer there and then from what was typed.
 */
export function CustomerPicker({ onSelect, autoFocus = true, className }: CustomerPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const q = useDebouncedValue(search.trim(), 200);
  const results = useCustomers(q, RESULTS);
  const customers = results.data?.pages[0]?.customers ?? [];
  const create = useCreateCustomer();

  const optionId = (index: number) => `${id}-option-${index}`;
  const activeIndex = Math.min(active, Math.max(0, customers.length - 1));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, customers.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const customer = customers[activeIndex];
      if (customer) onSelect(customer);
      else if (search.trim()) setCreating(true);
    }
  };

  if (creating) {
    return (
      <div className={cn('grid gap-3', className)}>
        <h3 className="font-semibold">New customer</h3>
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the form…</p>}>
          <CustomerForm
            idPrefix={`${id}-new`}
            defaultValues={formValuesFromSearch(search)}
            withNotes={false}
            submitLabel="Add and attach"
            pendingLabel="Adding..."
            onSave={(payload) => create.mutateAsync(payload)}
            onSaved={(customer) => {
              setCreating(false);
              onSelect(customer);
            }}
            onCancel={() => setCreating(false)}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className={cn('grid gap-3', className)}>
      <div className="relative">
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          role="combobox"
          aria-label="Find a customer by name, email or phone"
          aria-controls={`${id}-results`}
          aria-expanded={customers.length > 0}
          aria-activedescendant={customers.length ? optionId(activeIndex) : undefined}
          aria-autocomplete="list"
          placeholder="Name, email or phone"
          autoComplete="off"
          autoFocus={autoFocus}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="pl-9"
        />
      </div>

      {results.isError ? <ErrorAlert title="Customers could not be searched" error={results.error} /> : null}

      <ul id={`${id}-results`} role="listbox" aria-label="Customers" className="grid gap-1">
        {customers.map((customer, index) => (
          <li
            key={customer.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            onClick={() => onSelect(customer)}
            onMouseEnter={() => setActive(index)}
            className={cn(
              'flex min-h-11 cursor-pointer flex-col justify-center rounded-md px-3 py-1.5',
              index === activeIndex ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
            )}
          >
            <span className="font-medium">{customer.name}</span>
            {customer.email || customer.phone ? (
              <span className="text-xs text-muted-foreground">{[customer.email, customer.phone].filter(Boolean).join(' · ')}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {results.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Searching...
        </p>
      ) : customers.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {q ? `No customer matches “${q}”.` : 'No customers yet.'}
        </p>
      ) : null}

      <Button variant="outline" onClick={() => setCreating(true)} className="justify-self-start">
        <UserPlusIcon aria-hidden="true" />
        {search.trim() ? `Add “${search.trim()}”` : 'Add a new customer'}
      </Button>
    </div>
  );
}
