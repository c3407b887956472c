import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import { toast } from 'sonner';
import { useCreateCustomer } from '../api/create-customer';
import type { Customer } from '../api/types';
import { useUpdateCustomer } from '../api/update-customer';
import { emptyCustomerForm, toCustomerFormValues, type CustomerFormValues } from '../utils/customer-form';
import { CustomerForm } from './customer-form';

interface CustomerFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer to edit; without one the dialog adds a new customer. */
  customer?: Customer | null;
  /** Values to start a new customer from (e.g. what was typed in the search box). */
  initialValues?: CustomerFormValues;
  onSaved?: (customer: Customer) => void;
}

/** Add or edit a customer in a centred dialog. */
export function CustomerFormDialog({ open, onOpenChange, customer, initialValues, onSaved }: CustomerFormDialogProps) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const editing = Boolean(customer);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg outline-none">
          <div className="grid gap-1 pr-10">
            <DialogPrimitive.Title className="text-lg font-semibold">{editing ? 'Edit customer' : 'Add customer'}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {editing ? 'Change their details; blank fields are removed.' : 'Only the name is needed. An email lets you send them receipts.'}
            </DialogPrimitive.Description>
          </div>
          {open ? (
            <CustomerForm
              key={customer?.id ?? 'new'}
              idPrefix={editing ? 'edit-customer' : 'new-customer'}
              defaultValues={customer ? toCustomerFormValues(customer) : (initialValues ?? emptyCustomerForm)}
              submitLabel={editing ? 'Save changes' : 'Add customer'}
              pendingLabel="Saving..."
              onSave={(payload) => (customer ? update.mutateAsync({ id: customer.id, changes: payload }) : create.mutateAsync(payload))}
              onSaved={(saved) => {
                toast.success(editing ? `${saved.name} updated` : `${saved.name} added`);
                onOpenChange(false);
                onSaved?.(saved);
              }}
              onCancel={() => onOpenChange(false)}
            />
          ) : null}
          <DialogPrimitive.Close className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md opacity-80 outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <XIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
