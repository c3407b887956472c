import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { useMe } from '@/lib/me';

type Store = ApiAnswer<'/api/stores'>['stores'][number];

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

/**
 * The open stores of a business with more than one (decision 049); empty otherwise, so screens
 * show no store picker and name no store (the server then takes its current store, decision 059).
 */
export function useStoreOptions(): Store[] {
  const multiStore = useMe().data?.settings?.enabled_features.multi_store === true;
  // The stores feature's list query (same key), so both screens share one answer.
  const stores =
    useQuery(
      queryOptions({
        queryKey: ['stores', 'list'],
        queryFn: async ({ signal }): Promise<Store[]> => (await dataOf(api.GET('/api/stores', { signal }))).stores,
        enabled: multiStore,
      }),
    ).data ?? [];
  const open = stores.filter((store) => store.is_active);
  return multiStore && open.length > 1 ? open : [];
}

/**
 * The store this page starts on (decision 059): the paired till's store on a till, else the
 * employee's only store, else the main store. Asked only when there is a picker to fill.
 */
function useCurrentStoreId(enabled: boolean): string | null {
  return (
    useQuery(
      queryOptions({
        queryKey: ['stores', 'current'],
        queryFn: async ({ signal }) => (await dataOf(api.GET('/api/stores/current', { signal }))).store_id,
        enabled,
        staleTime: 60_000,
      }),
    ).data ?? null
  );
}

/**
 * A chosen store for a stock write: `initial` (a store the screen shows), else the current store
 * (the till's or the employee's, decision 059), else the main store, until the user picks another.
 */
export function useChosenStore(initial = ''): [Store[], string, (storeId: string) => void] {
  const stores = useStoreOptions();
  const [picked, setPicked] = useState(initial);
  const current = useCurrentStoreId(stores.length > 0);
  const fallback = stores.find((store) => store.id === current) ?? stores.find((store) => store.is_default) ?? stores[0];
  const storeId = stores.some((store) => store.id === picked) ? picked : (fallback?.id ?? '');
  return [stores, storeId, setPicked];
}

/** The store select: shown only when the business has more than one store. "All stores" for filters. */
export function StorePicker({
  id,
  stores,
  value,
  onChange,
  label = 'Store',
  allLabel,
  className,
}: {
  id: string;
  stores: Store[];
  value: string;
  onChange: (storeId: string) => void;
  label?: string;
  /** A filter: the empty value reads as this ("All stores"). */
  allLabel?: string;
  className?: string;
}) {
  if (stores.length === 0) return null;
  return (
    <Field className={className}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {allLabel ? <option value="">{allLabel}</option> : null}
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
            {store.is_default ? ' (main)' : ''}
          </option>
        ))}
      </select>
    </Field>
  );
}
