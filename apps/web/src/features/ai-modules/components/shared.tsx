import { HistoryIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatComputedAt } from '../utils/format';

/** Loading and error states of a module page. */
export function ModuleState({ query, label }: { query: { isPending: boolean; isError: boolean; error: unknown }; label: string }) {
  if (query.isPending) return <div role="status" aria-label={`Loading ${label}`} className="h-64 animate-pulse rounded-xl bg-muted" />;
  if (query.isError) return <ErrorAlert title={`${label} could not be loaded`} error={query.error} />;
  return null;
}

/** "Not enough history yet": what the module needs, in words, and how to get there. */
export function NeedsHistory({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert>
      <HistoryIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

export function ComputedNote({ computedAt, children }: { computedAt: string; children?: ReactNode }) {
  return (
    <p className="text-sm text-muted-foreground">
      {children} Worked out {formatComputedAt(computedAt)} from your own sales, on this server (no outside service); recalculated when new sales come in.{' '}
      <Link to="/ai-modules" className="underline underline-offset-4">
        All AI modules
      </Link>
    </p>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  className?: string;
}

/** A plain table that scrolls sideways on a phone rather than squeezing its figures. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  initialRows,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** Show this many rows until asked for all. */
  initialRows?: number;
}) {
  const [showAll, setShowAll] = useState(false);
  if (rows.length === 0) return <p className="py-4 text-sm text-muted-foreground">{empty}</p>;
  const shown = showAll || initialRows === undefined ? rows : rows.slice(0, initialRows);
  return (
    <div className="grid gap-2">
    <div className="overflow-x-auto">
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.header} className={cn(column.numeric && 'text-right', column.className)}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} className={cn('whitespace-nowrap', column.numeric && 'text-right tabular-nums', column.className)}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
      {shown.length < rows.length ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setShowAll(true)}>
          Show all {rows.length} rows
        </Button>
      ) : null}
    </div>
  );
}
