import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCreateSupplier, useUpdateSupplier, type Supplier, type SupplierPayload } from '../api/suppliers';

type Values = Record<'name' | 'contactName' | 'email' | 'phone' | 'address' | 'taxNumber' | 'paymentTermsDays' | 'leadTimeDays' | 'currencyNote' | 'notes', string>;

const valuesOf = (supplier: Supplier | null): Values => ({
  name: supplier?.name ?? '',
  contactName: supplier?.contact_name ?? '',
  email: supplier?.email ?? '',
  phone: supplier?.phone ?? '',
  address: supplier?.address ?? '',
  taxNumber: supplier?.tax_number ?? '',
  paymentTermsDays: String(supplier?.payment_terms_days ?? 30),
  leadTimeDays: supplier?.lead_time_days === null || supplier?.lead_time_days === undefined ? '' : String(supplier.lead_time_days),
  currencyNote: supplier?.currency_note ?? '',
  notes: supplier?.notes ?? '',
});

const wholeDays = (text: string) => /^\d{1,3}$/.test(text.trim()) && Number(text) <= 365;

/** What is wrong with the form, field by field; empty when it may be sent. */
export function supplierFormErrors(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.name.trim()) errors.name = 'Enter the supplier’s name';
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Enter a valid email address';
  if (!wholeDays(values.paymentTermsDays)) errors.paymentTermsDays = 'Whole days from 0 to 365';
  if (values.leadTimeDays.trim() && !wholeDays(values.leadTimeDays)) errors.leadTimeDays = 'Whole days from 0 to 365, or blank';
  return errors;
}

function toPayload(values: Values): SupplierPayload {
  return {
    name: values.name.trim(),
    contact_name: values.contactName,
    email: values.email.trim(),
    phone: values.phone,
    address: values.address,
    tax_number: values.taxNumber,
    payment_terms_days: Number(values.paymentTermsDays),
    lead_time_days: values.leadTimeDays.trim() ? Number(values.leadTimeDays) : null,
    currency_note: values.currencyNote,
    notes: values.notes,
  };
}

const FIELDS: { key: keyof Values; label: string; type?: string; inputMode?: 'numeric'; multiline?: boolean; autoComplete?: string }[] = [
  { key: 'name', label: 'Name', autoComplete: 'organization' },
  { key: 'contactName', label: 'Contact person', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'address', label: 'Address', multiline: true },
  { key: 'taxNumber', label: 'Tax number' },
  { key: 'paymentTermsDays', label: 'Payment terms (days)', inputMode: 'numeric' },
  { key: 'leadTimeDays', label: 'Lead time (days)', inputMode: 'numeric' },
  { key: 'currencyNote', label: 'Currency note' },
  { key: 'notes', label: 'Notes', multiline: true },
];

function SupplierForm({ supplier, onDone }: { supplier: Supplier | null; onDone: (saved: Supplier) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(supplier));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const mutation = supplier ? update : create;
  const errors = supplierFormErrors(values);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const payload = toPayload(values);
    const saved = supplier ? await update.mutateAsync({ id: supplier.id, changes: payload }) : await create.mutateAsync(payload);
    onDone(saved);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `supplier-${field.key}`;
          const error = submitted ? errors[field.key] : undefined;
          const common = {
            id,
            value: values[field.key],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field.key]: event.target.value })),
          };
          return (
            <Field key={field.key} className={field.multiline || field.key === 'name' ? 'sm:col-span-2' : undefined}>
              <Label htmlFor={id}>{field.label}</Label>
              {field.multiline ? (
                <Textarea rows={2} {...common} />
              ) : (
                <Input type={field.type ?? 'text'} inputMode={field.inputMode} autoComplete={field.autoComplete ?? 'off'} {...common} />
              )}
              {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
            </Field>
          );
        })}
      </div>
      {mutation.isError ? <ErrorAlert title="The supplier could not be saved" error={mutation.error} /> : null}
      <DialogFooter>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : supplier ? 'Save changes' : 'Add supplier'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add or edit a supplier: contact, terms and notes. */
export function SupplierFormDialog({ open, onOpenChange, supplier, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; supplier: Supplier | null; onSaved?: (supplier: Supplier) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{supplier ? 'Edit supplier' : 'Add supplier'}</DialogTitle>
          <DialogDescription>Only the name is needed. Payment terms set when their invoices fall due.</DialogDescription>
        </DialogHeader>
        {open ? (
          <SupplierForm
            key={supplier?.id ?? 'new'}
            supplier={supplier}
            onDone={(saved) => {
              toast.success(supplier ? `${saved.name} updated` : `${saved.name} added`);
              onOpenChange(false);
              onSaved?.(saved);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
