import { SearchIcon, TagIcon, UserPlusIcon, UsersIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useMe } from '@/lib/me';
import { useCustomers, useCustomerTags } from '../api/get-customers';
import type { Customer } from '../api/types';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formValuesFromSearch, type CustomerFormValues } from '../utils/customer-form';
import { CustomerDetailSheet } from './customer-detail-sheet';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomersTable } from './customers-table';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <UsersIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">Keep track of your customers</h2>
      <p className="max-w-md text-muted-foreground">
        Add the people who buy from you, or attach them to a sale at the till. Each customer shows their visits, what they have spent and
        every purchase, and can be emailed a receipt.
      </p>
      <Button onClick={onAdd}>
        <UserPlusIcon aria-hidden="true" />
        Add your first customer
      </Button>
    </div>
  );
}

/** /customers: search, the list with totals, add and edit, and each customer's history (customer_management). */
/** `customerExtra` adds to a customer's drawer (composed by app/routes/customers: loyalty points, decision 064). */
export function CustomersPage({ customerExtra }: { customerExtra?: (customerId: string) => ReactNode } = {}) {
  const me = useMe();
  const currency = me.data?.business?.currency ?? 'USD';
  const timeZone = me.data?.business?.time_zone ?? 'UTC';

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // The tag filter lives in the address (`?tag=vip&tag=staff`), so it survives a reload (decision 066).
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedTags = [...new Set(searchParams.getAll('tag').map((tag) => tag.trim().toLowerCase()).filter(Boolean))].sort();
  const tagsInUse = useCustomerTags();
  const offeredTags = [...new Set([...(tagsInUse.data?.tags ?? []), ...selectedTags])].sort();
  const toggleTag = (tag: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        const chosen = next.getAll('tag');
        next.delete('tag');
        for (const kept of chosen.includes(tag) ? chosen.filter((item) => item !== tag) : [...chosen, tag]) next.append('tag', kept);
        return next;
      },
      { replace: true },
    );
  const clearTags = () =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('tag');
        return next;
      },
      { replace: true },
    );
  const list = useCustomers(q, 50, selectedTags);
  const customers = list.data?.pages.flatMap((page) => page.customers) ?? [];

  const [openCustomerId, setOpenCustomerId] = useState<string | null>(null);
  const [form, setForm] = useState<{ customer: Customer | null; initialValues?: CustomerFormValues } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const addCustomer = (initialValues?: CustomerFormValues) => setForm({ customer: null, ...(initialValues ? { initialValues } : {}) });

  // "/" finds a customer, "n" adds one (when not typing in a field).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        searchRef.current?.focus();
      } else if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        setForm({ customer: null });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const searching = q !== '' || selectedTags.length > 0;
  const nothingYet = !searching && list.isSuccess && customers.length === 0;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Customers"
        description="The people who buy from you: their details, visits, spending and purchase history."
        actions={
          <Button onClick={() => addCustomer()} aria-keyshortcuts="n">
            <UserPlusIcon aria-hidden="true" />
            Add customer
          </Button>
        }
      />

      {nothingYet ? null : (
        <div className="relative max-w-md">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={searchRef}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by name, email or phone"
            aria-label="Search customers by name, email or phone"
            aria-keyshortcuts="/"
            className="pl-9"
          />
        </div>
      )}

      {offeredTags.length > 0 && !nothingYet ? (
        <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Filter by tag">
          <span className="mr-1 inline-flex items-center gap-1 text-sm text-muted-foreground">
            <TagIcon aria-hidden="true" className="size-4" /> Tags
          </span>
          {offeredTags.map((tag) => {
            const on = selectedTags.includes(tag);
            return (
              <Button key={tag} variant={on ? 'default' : 'outline'} className="h-8 rounded-full px-3" aria-pressed={on} onClick={() => toggleTag(tag)}>
                {tag}
              </Button>
            );
          })}
          {selectedTags.length > 0 ? (
            <Button variant="ghost" className="h-8 px-2 text-muted-foreground" onClick={clearTags}>
              <XIcon aria-hidden="true" /> Any tag
            </Button>
          ) : null}
        </div>
      ) : null}

      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading customers...
        </p>
      ) : list.isError ? (
        <div className="grid max-w-lg gap-4">
          <ErrorAlert title="The customers could not be loaded" error={list.error} />
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching} className="justify-self-start">
            {list.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : nothingYet ? (
        <EmptyState onAdd={() => addCustomer()} />
      ) : customers.length === 0 ? (
        <div className="grid justify-items-start gap-3">
          <p role="status">
            {q ? `No customer matches “${q}”` : 'No customer'}
            {selectedTags.length ? ` tagged ${selectedTags.join(' or ')}` : ''}.
          </p>
          {q ? (
            <Button variant="outline" onClick={() => addCustomer(formValuesFromSearch(q))}>
              <UserPlusIcon aria-hidden="true" />
              Add “{q}” as a customer
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-3">
          <CustomersTable customers={customers} currency={currency} timeZone={timeZone} onOpen={(customer) => setOpenCustomerId(customer.id)} />
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} className="justify-self-start">
              {list.isFetchingNextPage ? 'Loading...' : 'Show more customers'}
            </Button>
          ) : null}
        </div>
      )}

      <CustomerDetailSheet
        customerId={openCustomerId}
        onOpenChange={(open) => {
          if (!open) setOpenCustomerId(null);
        }}
        onEdit={(customer) => setForm({ customer })}
        timeZone={timeZone}
        extra={openCustomerId && customerExtra ? customerExtra(openCustomerId) : undefined}
      />
      <CustomerFormDialog
        open={form !== null}
        onOpenChange={(open) => {
          if (!open) setForm(null);
        }}
        customer={form?.customer ?? null}
        {...(form?.initialValues ? { initialValues: form.initialValues } : {})}
        onSaved={(customer) => {
          if (!form?.customer) setOpenCustomerId(customer.id);
        }}
      />
    </div>
  );
}
