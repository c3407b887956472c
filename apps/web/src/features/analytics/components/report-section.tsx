import { DownloadIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadCsv, toCsv, type CsvCell } from '@/lib/csv';
import { cn } from '@/lib/utils';

export interface Column<Row> {
  header: string;
  /** The CSV header when it needs more than the screen's (a currency, a unit). */
  csvHeader?: string;
  cell: (row: Row) => ReactNode;
  csv: (row: Row) => CsvCell;
  numeric?: boolean;
}

const SHOWN_ROWS = 15;

/**
 * One report: a chart (if any) beside its table, and the table as CSV. The CSV holds every row;
 * the screen shows the first 15 until asked for all.
 */
export function ReportSection<Row>({
  title,
  description,
  chart,
  columns,
  rows,
  rowKey,
  fileName,
  empty = 'Nothing in this period.',
}: {
  title: string;
  description?: string;
  chart?: ReactNode;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  fileName: string;
  empty?: string;
}) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rows : rows.slice(0, SHOWN_ROWS);
  const exportCsv = () =>
    downloadCsv(
      fileName,
      toCsv(
        columns.map((column) => column.csvHeader ?? column.header),
        rows.map((row) => columns.map((column) => column.csv(row))),
      ),
    );
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <Button variant="outline" onClick={exportCsv} disabled={rows.length === 0} aria-label={`Export ${title} as CSV`}>
          <DownloadIcon aria-hidden="true" />
          CSV
        </Button>
      </CardHeader>
      {/* A narrow table sits beside its chart on wide screens; a wide one goes under it. */}
      <CardContent className={cn('grid min-w-0 gap-4', chart && columns.length <= 4 ? 'xl:grid-cols-2 xl:items-start' : undefined)}>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <>
            {chart ? <div className="min-w-0">{chart}</div> : null}
            <div className="grid min-w-0 gap-2">
              <Table aria-label={title}>
                <TableHeader>
                  <TableRow>
                    {columns.map((column) => (
                      <TableHead key={column.header} className={column.numeric ? 'text-right' : undefined}>
                        {column.header}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.map((row, index) => (
                    <TableRow key={rowKey(row, index)}>
                      {columns.map((column) => (
                        <TableCell key={column.header} className={column.numeric ? 'text-right whitespace-nowrap tabular-nums' : 'whitespace-nowrap'}>
                          {column.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {rows.length > SHOWN_ROWS ? (
                <Button variant="ghost" className="justify-self-start" onClick={() => setShowAll((value) => !value)}>
                  {showAll ? 'Show fewer' : `Show all ${rows.length} rows`}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
