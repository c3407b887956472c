import { PencilIcon, StoreIcon } from 'lucide-react';
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
import { useCreateStore, useStores, useUpdateStore, type Store } from '../api/stores';
import { StoreStockSection } from './store-stock-section';
import { TransfersSection } from './transfers-section';

/** /stores (SPEC §2, multi_store): the business's stores, transfers between them and the stock each holds. */
export function StoresPage() {
  const stores = useStores();
  const [editing, setEditing] = useState<Store | null>(null);

  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader title="Stores" description="Where you sell and keep stock. Each till sells from its own store's shelf." />
      {stores.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading stores...
        </p>
      ) : stores.isError ? (
        <ErrorAlert title="The stores could not be loaded" error={stores.error} className="max-w-lg" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
            <StoreForm key={editing?.id ?? 'new'} store={editing} onDone={() => setEditing(null)} />
            <StoresTable stores={stores.data} onEdit={setEditing} />
          </div>
          <TransfersSection stores={stores.data} />
          <StoreStockSection stores={stores.data} />
        </>
      )}
    </div>
  );
}

function StoreForm({ store, onDone }: { store: Store | null; onDone: () => void }) {
  const create = useCreateStore();
  const update = useUpdateStore();
  const [name, setName] = useState(store?.name ?? '');
  const [address, setAddress] = useState(store?.address ?? '');
  const [phone, setPhone] = useState(store?.phone ?? '');
  const [timeZone, setTimeZone] = useState(store?.time_zone ?? '');
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name the store');
      return;
    }
    setError(null);
    const body = { name: name.trim(), address: address.trim() || null, phone: phone.trim() || null, time_zone: timeZone.trim() || null };
    const done = { onError: (failure: unknown) => setError(errorMessage(failure)) };
    if (store) {
      update.mutate({ id: store.id, body }, { ...done, onSuccess: () => (toast.success(`Saved ${body.name}`), onDone()) });
    } else {
      create.mutate(body, {
        ...done,
        onSuccess: () => {
          toast.success(`Opened ${body.name}`);
          setName('');
          setAddress('');
          setPhone('');
          setTimeZone('');
        },
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{store ? `Edit ${store.name}` : 'Open a store'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label={store ? 'Edit store' : 'Open a store'}>
          <Field>
            <Label htmlFor="store-name">Name</Label>
            <Input id="store-name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} className="h-11 sm:h-9" />
          </Field>
          <Field>
            <Label htmlFor="store-address">Address (optional)</Label>
            <Input id="store-address" value={address} maxLength={300} onChange={(event) => setAddress(event.target.value)} className="h-11 sm:h-9" />
          </Field>
          <Field>
            <Label htmlFor="store-phone">Phone (optional)</Label>
            <Input id="store-phone" type="tel" value={phone} maxLength={40} onChange={(event) => setPhone(event.target.value)} className="h-11 sm:h-9" />
          </Field>
          <Field>
            <Label htmlFor="store-zone">Time zone (optional)</Label>
            <Input id="store-zone" value={timeZone} maxLength={64} placeholder="The business's own, or e.g. Europe/London" onChange={(event) => setTimeZone(event.target.value)} className="h-11 sm:h-9" />
          </Field>
          <FieldError role="alert">{error}</FieldError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="h-11 sm:h-9" disabled={pending}>
              <StoreIcon aria-hidden="true" />
              {pending ? 'Saving...' : store ? 'Save changes' : 'Open store'}
            </Button>
            {store ? (
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

function StoresTable({ stores, onEdit }: { stores: Store[]; onEdit: (store: Store) => void }) {
  const update = useUpdateStore();
  const toggle = (store: Store) =>
    update.mutate(
      { id: store.id, body: { is_active: !store.is_active } },
      {
        onSuccess: () => toast.success(store.is_active ? `Closed ${store.name}` : `Reopened ${store.name}`),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  return (
    <section aria-labelledby="stores-heading" className="grid min-w-0 gap-3">
      <h2 id="stores-heading" className="text-lg font-semibold">
        Your stores
      </h2>
      <Table aria-label="Stores">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Store</TableHead>
            <TableHead className="hidden md:table-cell">Address</TableHead>
            <TableHead className="text-right">Tills</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {stores.map((store) => (
            <TableRow key={store.id}>
              <TableCell>
                <div className="flex flex-wrap items-center gap-2 font-medium">
                  {store.name}
                  {store.is_default ? <Badge variant="secondary">Main</Badge> : null}
                  {store.is_active ? null : <Badge variant="outline">Closed</Badge>}
                </div>
                <div className="text-sm text-muted-foreground">{[store.phone, store.time_zone].filter(Boolean).join(' · ')}</div>
              </TableCell>
              <TableCell className="hidden md:table-cell">{store.address ?? '—'}</TableCell>
              <TableCell className="text-right tabular-nums">{store.register_count}</TableCell>
              <TableCell className="text-right">
                <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                  <Button variant="outline" className="h-11 sm:h-8" onClick={() => onEdit(store)} aria-label={`Edit ${store.name}`}>
                    <PencilIcon aria-hidden="true" />
                    Edit
                  </Button>
                  {store.is_default ? null : (
                    <Button
                      variant="outline"
                      className="h-11 sm:h-8"
                      onClick={() => toggle(store)}
                      disabled={update.isPending}
                      aria-label={store.is_active ? `Close ${store.name}` : `Reopen ${store.name}`}
                    >
                      {store.is_active ? 'Close' : 'Reopen'}
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
