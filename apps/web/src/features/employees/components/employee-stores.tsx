import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { useAssignEmployeeStores, useEmployeeStores } from '../api/employee-stores';

/** On the edit form, with multi_store on: the stores the employee works in (none ticked: every store). */
export function EmployeeStores({ employeeId }: { employeeId: string }) {
  const multiStore = useMe().data?.settings?.enabled_features.multi_store === true;
  const current = useEmployeeStores(employeeId, multiStore);
  if (!multiStore || !current.data || current.data.stores.length < 2) return null;
  return <StoresFieldset key={current.data.storeIds.join()} employeeId={employeeId} stores={current.data.stores} assigned={current.data.storeIds} />;
}

function StoresFieldset({ employeeId, stores, assigned }: { employeeId: string; stores: { id: string; name: string }[]; assigned: string[] }) {
  const save = useAssignEmployeeStores(employeeId);
  const [chosen, setChosen] = useState<string[]>(assigned);
  return (
    <fieldset className="grid gap-2 border-t pt-4">
      <legend className="text-sm font-medium">Stores</legend>
      <p className="text-sm text-muted-foreground">Tick the stores this person works in. With none ticked, they work in every store.</p>
      {stores.map((store) => (
        <label key={store.id} className="flex min-h-11 items-center gap-3 text-sm sm:min-h-0">
          <input
            type="checkbox"
            className="size-4"
            checked={chosen.includes(store.id)}
            onChange={(event) => setChosen((list) => (event.target.checked ? [...list, store.id] : list.filter((id) => id !== store.id)))}
          />
          {store.name}
        </label>
      ))}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={save.isPending}
        onClick={() => save.mutate(chosen, { onSuccess: () => toast.success('Stores saved'), onError: (error) => toast.error(errorMessage(error)) })}
      >
        {save.isPending ? 'Saving...' : 'Save stores'}
      </Button>
    </fieldset>
  );
}
