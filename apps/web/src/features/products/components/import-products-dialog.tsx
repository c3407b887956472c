import { CheckCircle2Icon, DownloadIcon, FileUpIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { StorePicker, useChosenStore } from '@/components/store-picker';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, importProblems, importTemplate, useImportProducts, type ImportResult } from '../api/import-products';
import { saveFile } from '@/lib/save-file';

const size = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function downloadTemplate() {
  saveFile(new Blob([importTemplate()], { type: 'text/csv' }), 'products-template.csv');
}

/** Import a CSV: every row is checked first; one bad row imports nothing and each problem is listed. */
export function ImportProductsDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importing = useImportProducts();
  // Several open stores: the stock column counts one of them (decision 059).
  const [stores, storeId, setStoreId] = useChosenStore();
  const problems = importing.isError ? importProblems(importing.error) : null;

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    importing.reset();
    setResult(null);
    setTooBig(picked.size > IMPORT_MAX_BYTES);
    setFile(picked);
  };

  const start = () => {
    if (!file || tooBig) return;
    setPercent(0);
    importing.mutate(
      { file, onProgress: setPercent, ...(storeId ? { storeId } : {}) },
      {
        onSuccess: (done) => {
          setResult(done);
          toast.success(`Imported: ${done.created} new, ${done.updated} updated`);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (!open && !importing.isPending ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import products from CSV</DialogTitle>
          <DialogDescription>
            Add many products at once, or update existing ones by SKU. Every row is checked first: if one has a problem, nothing is imported.
          </DialogDescription>
        </DialogHeader>

        {result ? (
          <Alert variant="success">
            <CheckCircle2Icon aria-hidden="true" />
            <AlertTitle>Import finished</AlertTitle>
            <AlertDescription>
              <p>
                {result.created} product{result.created === 1 ? '' : 's'} added, {result.updated} updated
                {result.unchanged ? `, ${result.unchanged} already up to date` : ''}.
              </p>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <div
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(event) => {
                event.preventDefault();
                setDragging(false);
                choose(event.dataTransfer.files[0]);
              }}
              className={cn('grid justify-items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center', dragging ? 'border-primary bg-accent' : 'border-input')}
            >
              <FileUpIcon aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="text-sm">{file ? <span className="font-medium">{file.name}</span> : 'Drop a .csv file here, or'}</p>
              {file ? <p className="text-xs text-muted-foreground">{size(file.size)}</p> : null}
              <input
                ref={input}
                id={id}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={importing.isPending}>
                {file ? 'Choose another file' : 'Choose a file'}
              </Button>
            </div>
            <StorePicker id="import-store" stores={stores} value={storeId} onChange={setStoreId} label="Stock counted in" />
            {tooBig ? <ErrorAlert message="This file is larger than 1 MB. Split it into smaller files and import them one after another." /> : null}

            {importing.isPending ? (
              <div className="grid gap-2" aria-live="polite">
                <p className="text-sm">{percent < 100 ? `Uploading... ${Math.round(percent)}%` : 'Checking every row and importing...'}</p>
                <Progress value={percent < 100 ? percent : null} label={percent < 100 ? 'Uploading the file' : 'Importing'} />
              </div>
            ) : null}

            {problems ? (
              <div className="grid gap-2">
                <ErrorAlert title="Nothing was imported" message={importing.error?.message ?? ''} />
                <Table>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead className="text-right">Row</TableHead>
                      <TableHead>Column</TableHead>
                      <TableHead>Problem</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {problems.problems.map((problem, index) => (
                      <TableRow key={`${problem.row}-${problem.field}-${index}`}>
                        <TableCell className="text-right tabular-nums">{problem.row}</TableCell>
                        <TableCell className="font-mono text-xs">{problem.field}</TableCell>
                        <TableCell>{problem.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {problems.total > problems.problems.length ? (
                  <p className="text-sm text-muted-foreground">
                    {problems.total - problems.problems.length} more problems are not shown; fix these and import again to see them.
                  </p>
                ) : null}
              </div>
            ) : importing.isError ? (
              <ErrorAlert title="Nothing was imported" error={importing.error} />
            ) : null}

            <details className="rounded-lg border p-3 text-sm">
              <summary className="min-h-11 cursor-pointer content-center font-medium">Which columns?</summary>
              <p className="mt-2 text-muted-foreground">The first row names the columns, in any order. Row numbers count that row as 1.</p>
              <dl className="mt-2 grid gap-1 sm:grid-cols-[10rem_1fr]">
                {IMPORT_COLUMNS.map(([name, description]) => (
                  <div key={name} className="contents">
                    <dt className="font-mono text-xs leading-5">{name}</dt>
                    <dd className="text-muted-foreground">{description}</dd>
                  </div>
                ))}
              </dl>
              <Button type="button" variant="link" className="mt-2 px-0" onClick={downloadTemplate}>
                <DownloadIcon aria-hidden="true" /> Download a template
              </Button>
            </details>
          </>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={importing.isPending}>
            {result ? 'Done' : 'Cancel'}
          </Button>
          {!result ? (
            <Button type="button" onClick={start} disabled={!file || tooBig || importing.isPending}>
              {importing.isPending ? 'Importing...' : 'Import'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
