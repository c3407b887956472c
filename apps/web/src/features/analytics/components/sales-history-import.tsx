import {
  formatMoney,
  MAX_HISTORY_BYTES,
  SALES_HISTORY_DATE_FORMATS,
  SALES_HISTORY_FIELD_LABELS,
  SALES_HISTORY_FIELDS,
  SALES_HISTORY_REQUIRED,
  SALES_HISTORY_WIRE_NAMES,
  type SalesHistoryDateFormat,
  type SalesHistoryField,
} from '@till/core';
import { CheckCircle2Icon, FileUpIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { rejectedRows, useImportSalesHistory, usePreviewSalesHistory, type HistoryImportResult, type HistoryMapping, type HistoryPreview, type HistoryRowProblem } from '../api/sales-history';

const NONE = '__none';
const DATE_FORMAT_LABELS: Record<SalesHistoryDateFormat, string> = { ymd: 'Year-month-day (2026-01-31)', dmy: 'Day/month/year (31/01/2026)', mdy: 'Month/day/year (01/31/2026)' };
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function Problems({ rows, total }: { rows: HistoryRowProblem[]; total: number }) {
  return (
    <div className="grid gap-2">
      <div className="max-h-80 overflow-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-16 text-right">Row</TableHead>
              <TableHead>Problem</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((problem, index) => (
              <TableRow key={`${problem.row}-${problem.field}-${index}`}>
                <TableCell className="text-right tabular-nums">{problem.row}</TableCell>
                <TableCell className="whitespace-normal">{problem.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {total > rows.length ? <p className="text-sm text-muted-foreground">{total - rows.length} more problems are not shown; fix these and check again.</p> : null}
    </div>
  );
}

function Summary({ check, currency }: { check: Omit<HistoryImportResult, 'import_id'>; currency: string }) {
  const items: [string, string][] = [
    ['Orders', check.orders.toLocaleString()],
    ['Order lines', check.lines.toLocaleString()],
    ['Dates', check.from && check.to ? `${check.from} to ${check.to}` : '—'],
    ['Net sales', formatMoney(check.net_sales, currency)],
    ['Products', `${check.products.matched} found, ${check.products.created} new`],
    ['Customers', `${check.customers.matched} found, ${check.customers.created} new`],
    ['Categories', `${check.categories.matched} found, ${check.categories.created} new`],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3 border-b py-1.5">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-right font-medium tabular-nums" data-testid={`history-${term.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /analytics?import=history: past sales from another system (issue 15 item 3). Choose a file →
 * check the column mapping (guessed from its headers) and the preview → import, all or nothing.
 */
export function SalesHistoryImport({ currency, onClose }: { currency: string; onClose: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; size: number; text: string } | null>(null);
  const [mapping, setMapping] = useState<HistoryMapping>({});
  const [dateFormat, setDateFormat] = useState<SalesHistoryDateFormat>('ymd');
  // Guessed from the dates until the owner picks one.
  const [formatChosen, setFormatChosen] = useState(false);
  const [preview, setPreview] = useState<HistoryPreview | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<HistoryImportResult | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const previewing = usePreviewSalesHistory();
  const importing = useImportSalesHistory();
  const rejected = importing.isError ? rejectedRows(importing.error) : null;

  const check = (text: string, nextMapping?: HistoryMapping, nextFormat?: SalesHistoryDateFormat) => {
    previewing.mutate(
      { csv: text, ...(nextMapping ? { mapping: nextMapping } : {}), ...(nextFormat ? { date_format: nextFormat } : {}) },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setMapping(answer.mapping);
          setDateFormat(answer.date_format);
        },
      },
    );
  };

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    importing.reset();
    previewing.reset();
    setResult(null);
    setPreview(null);
    setIdempotencyKey(crypto.randomUUID());
    setFormatChosen(false);
    if (picked.size > MAX_HISTORY_BYTES) {
      setFile(null);
      setReadError(`This file is ${size(picked.size)}; a file may be at most ${MAX_HISTORY_BYTES / 1024 / 1024} MB. Split it by date and import the parts one after another.`);
      return;
    }
    setReadError(null);
    const text = await picked.text();
    setFile({ name: picked.name, size: picked.size, text });
    check(text);
  };

  const remap = (field: SalesHistoryField, header: string) => {
    const next = { ...mapping };
    const key = SALES_HISTORY_WIRE_NAMES[field];
    if (header === NONE) delete next[key];
    else next[key] = header;
    setMapping(next);
    importing.reset();
    if (file) check(file.text, next, formatChosen ? dateFormat : undefined);
  };

  const start = () => {
    if (!file) return;
    setPercent(0);
    importing.mutate(
      { input: { idempotency_key: idempotencyKey, csv: file.text, mapping, date_format: dateFormat, file_name: file.name.slice(0, 200) }, onProgress: setPercent },
      { onSuccess: setResult },
    );
  };

  const ready = preview?.check && preview.check.total_errors === 0 && preview.mapping_problems.length === 0 && !previewing.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import sales history</CardTitle>
        <CardDescription>
          Bring in past sales from another till or shop system as a CSV file with one row per order line. Every row is checked first: if one has a problem, nothing is imported.
          Imported sales count in your reports, dashboard and forecasts on the day they were made; they take no order numbers and do not change stock.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {result ? (
          <div className="grid gap-4">
            <Alert variant="success">
              <CheckCircle2Icon aria-hidden="true" />
              <AlertTitle>Sales history imported</AlertTitle>
              <AlertDescription>
                {result.orders.toLocaleString()} orders from {result.from} to {result.to}, {formatMoney(result.net_sales, currency)} in net sales.
              </AlertDescription>
            </Alert>
            <Summary check={result} currency={currency} />
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to={`/analytics?tab=sales&from=${result.from}&to=${result.to}&compare=none`}>See the sales report</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/dashboard">Dashboard</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/ai-modules">AI modules</Link>
              </Button>
              <Button variant="ghost" onClick={onClose}>
                Close
              </Button>
            </div>
          </div>
        ) : (
          <>
            <section aria-labelledby={`${id}-file`} className="grid gap-3">
              <h3 id={`${id}-file`} className="text-sm font-semibold">
                1. Choose the file
              </h3>
              <div
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  void choose(event.dataTransfer.files[0]);
                }}
                className="grid justify-items-center gap-3 rounded-lg border-2 border-dashed border-input p-6 text-center"
              >
                <FileUpIcon aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="text-sm">{file ? <span className="font-medium">{file.name}</span> : 'Drop a .csv file here, or'}</p>
                {file ? <p className="text-xs text-muted-foreground">{size(file.size)}</p> : null}
                <input
                  ref={input}
                  id={`${id}-input`}
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="Sales history CSV file"
                  className="sr-only"
                  onChange={(event) => {
                    void choose(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
                <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={importing.isPending}>
                  {file ? 'Choose another file' : 'Choose a file'}
                </Button>
                <p className="max-w-prose text-xs text-muted-foreground">
                  Needed: order ID, date, product, quantity and line amount (what the customer paid for the line). Optional: customer, product code, category, discount, cost or
                  profit, payment method. Up to {MAX_HISTORY_BYTES / 1024 / 1024} MB, 100,000 lines and three years a file.
                </p>
              </div>
              {readError ? <ErrorAlert title="This file cannot be imported" message={readError} /> : null}
              {previewing.isError ? <ErrorAlert title="This file cannot be read" error={previewing.error} /> : null}
            </section>

            {preview ? (
              <section aria-labelledby={`${id}-mapping`} className="grid gap-3">
                <h3 id={`${id}-mapping`} className="text-sm font-semibold">
                  2. Match the columns
                </h3>
                <p className="text-sm text-muted-foreground">We matched the columns by their names. Change any that are wrong.</p>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {SALES_HISTORY_FIELDS.map((field) => (
                    <div key={field} className="grid gap-1.5">
                      <Label htmlFor={`${id}-${field}`}>
                        {SALES_HISTORY_FIELD_LABELS[field]}
                        {SALES_HISTORY_REQUIRED.includes(field) ? <span className="text-muted-foreground"> (needed)</span> : null}
                      </Label>
                      <Select value={mapping[SALES_HISTORY_WIRE_NAMES[field]] ?? NONE} onValueChange={(value) => remap(field, value)} disabled={importing.isPending}>
                        <SelectTrigger id={`${id}-${field}`} className="w-full">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          <SelectItem value={NONE}>Not in the file</SelectItem>
                          {preview.headers
                            .filter((header) => header !== '')
                            .map((header) => (
                              <SelectItem key={header} value={header}>
                                {header}
                              </SelectItem>
                            ))}
                        </SelectContent>
                      </Select>
                    </div>
                  ))}
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${id}-date-format`}>Dates are written as</Label>
                    <Select
                      value={dateFormat}
                      onValueChange={(value) => {
                        setDateFormat(value as SalesHistoryDateFormat);
                        setFormatChosen(true);
                        if (file) check(file.text, mapping, value as SalesHistoryDateFormat);
                      }}
                      disabled={importing.isPending}
                    >
                      <SelectTrigger id={`${id}-date-format`} className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {SALES_HISTORY_DATE_FORMATS.map((format) => (
                          <SelectItem key={format} value={format}>
                            {DATE_FORMAT_LABELS[format]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                </div>
                {preview.mapping_problems.length ? <ErrorAlert title="Some columns are not matched yet" message={preview.mapping_problems.join('. ')} /> : null}

                <div className="min-w-0 overflow-x-auto rounded-md border">
                  <Table>
                    <caption className="sr-only">The first rows of the file</caption>
                    <TableHeader>
                      <TableRow className="hover:bg-transparent">
                        {preview.headers.map((header, index) => (
                          <TableHead key={`${header}-${index}`} className="whitespace-nowrap">
                            {header}
                          </TableHead>
                        ))}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {preview.sample.map((row, rowIndex) => (
                        <TableRow key={rowIndex}>
                          {preview.headers.map((_, index) => (
                            <TableCell key={index} className="whitespace-nowrap">
                              {row[index] ?? ''}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              </section>
            ) : null}

            {preview?.check ? (
              <section aria-labelledby={`${id}-check`} className="grid gap-3" aria-busy={previewing.isPending}>
                <h3 id={`${id}-check`} className="text-sm font-semibold">
                  3. Check and import
                </h3>
                <div className={cn('grid gap-3', previewing.isPending && 'opacity-60')}>
                  <Summary check={preview.check} currency={currency} />
                  {preview.check.total_errors ? (
                    <>
                      <ErrorAlert
                        title={`${preview.check.total_errors} ${preview.check.total_errors === 1 ? 'problem' : 'problems'} to fix first`}
                        message="Nothing will be imported while a row has a problem. Fix them in the file (row 1 is the header) and choose it again."
                      />
                      <Problems rows={preview.check.errors} total={preview.check.total_errors} />
                    </>
                  ) : null}
                </div>
                {importing.isPending ? (
                  <div className="grid gap-2" aria-live="polite">
                    <p className="text-sm">{percent < 100 ? `Uploading... ${Math.round(percent)}%` : `Writing ${preview.check.orders.toLocaleString()} orders...`}</p>
                    <Progress value={percent < 100 ? percent / 2 : null} label={percent < 100 ? 'Uploading the file' : 'Writing the orders'} />
                  </div>
                ) : null}
                {rejected ? (
                  <>
                    <ErrorAlert title="Nothing was imported" message={importing.error?.message ?? ''} />
                    <Problems rows={rejected.rows} total={rejected.total} />
                  </>
                ) : importing.isError ? (
                  <ErrorAlert title="Nothing was imported" error={importing.error} />
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button type="button" onClick={start} disabled={!ready || importing.isPending}>
                    {importing.isPending ? 'Importing...' : `Import ${preview.check.orders.toLocaleString()} orders`}
                  </Button>
                  <Button type="button" variant="outline" onClick={onClose} disabled={importing.isPending}>
                    Cancel
                  </Button>
                </div>
              </section>
            ) : (
              <div>
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
