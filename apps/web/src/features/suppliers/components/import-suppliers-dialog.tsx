import { useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useImportSuppliers, type ImportRowError } from '../api/suppliers';

const rowsOf = (error: unknown): ImportRowError[] => {
  if (!isApiError(error) || !Array.isArray(error.details['rows'])) return [];
  return error.details['rows'] as ImportRowError[];
};

/** Import suppliers from a CSV file in the export's columns: all rows or none, with each row's problems listed. */
export function ImportSuppliersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const importing = useImportSuppliers();
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 900_000) return setFileError('The file is larger than 900 kB; split it in parts.');
    setFileError(null);
    const result = await importing.mutateAsync(await file.text());
    toast.success(`${result.created} added, ${result.updated} updated, ${result.unchanged} unchanged`);
    onOpenChange(false);
  };
  const rows = rowsOf(importing.error);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) importing.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Import suppliers</DialogTitle>
          <DialogDescription>
            A CSV file with a name column and any of: contact_name, email, phone, address, tax_number, payment_terms_days, lead_time_days, currency_note, notes, archived (yes or no). A name you already have updates that supplier. If any row has a problem, nothing is imported.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="suppliers-import-file">CSV file</Label>
          <Input id="suppliers-import-file" type="file" accept=".csv,text/csv" disabled={importing.isPending} onChange={(event) => void onFile(event).catch(() => undefined)} />
        </div>
        {importing.isPending ? <p role="status">Importing...</p> : null}
        {fileError ? <ErrorAlert message={fileError} /> : null}
        {importing.isError ? (
          <div className="grid gap-2">
            <ErrorAlert title="Nothing was imported" error={importing.error} />
            {rows.length > 0 ? (
              <ul className="grid max-h-60 gap-1 overflow-y-auto text-sm">
                {rows.map((row) => (
                  <li key={`${row.row}-${row.field}-${row.message}`}>
                    Row {row.row}, {row.field}: {row.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
