import { cashReportFromWire, zReportTextLines } from '@till/core';
import { ArrowLeftIcon, DownloadIcon, PrinterIcon } from 'lucide-react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { downloadReport, useCashReport } from '../api/cash-sessions';
import { CashReportView } from './cash-report-view';

/** Only the report prints, at 80 mm, as receipts do (features/receipts): everything else under <body> is hidden. */
const PRINT_CSS = `
.till-z-print-root { display: none; }
@media print {
  @page { size: 80mm 297mm; size: 80mm auto; margin: 0; }
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  body > *:not(.till-z-print-root) { display: none !important; }
  .till-z-print-root { display: block !important; width: 80mm; padding: 3mm; }
}
`;

/** /z-report/:sessionId: one report (X while open, the frozen Z once closed), to read, print or export. */
export function ZReportDetailPage() {
  const { sessionId } = useParams();
  const report = useCashReport(sessionId);
  const save = (format: 'pdf' | 'csv' | 'escpos', page?: 'a4' | 'receipt-80mm') =>
    downloadReport(sessionId!, format, page).catch((error: unknown) => toast.error(errorMessage(error)));
  if (report.isPending) return <p role="status">Loading the report…</p>;
  if (report.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(report.error)}</AlertDescription>
      </Alert>
    );
  }
  const data = report.data;
  const title = data.kind === 'Z' ? `Z report ${data.number}` : 'X report';
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Button asChild variant="ghost" className="-ml-2">
            <Link to="/z-report">
              <ArrowLeftIcon aria-hidden="true" /> Z reports
            </Link>
          </Button>
          <h1 className="text-2xl font-semibold">
            {title} · {data.register.name}
          </h1>
          {data.kind === 'X' ? <p className="text-sm text-muted-foreground">The drawer is still open: figures change until it is closed.</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => window.print()}>
            <PrinterIcon aria-hidden="true" /> Print (80 mm)
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">
                <DownloadIcon aria-hidden="true" /> Download
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void save('pdf', 'a4')}>PDF (A4)</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void save('pdf', 'receipt-80mm')}>PDF (80 mm receipt)</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void save('csv')}>CSV (spreadsheet)</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void save('escpos')}>ESC/POS (receipt printer)</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      <CashReportView report={data} />
      <style>{PRINT_CSS}</style>
      {createPortal(
        <pre className="till-z-print-root font-mono text-[11px] leading-tight text-black" data-testid="z-print">
          {zReportTextLines(cashReportFromWire(data), 42).map((line, index) => (
            <span key={index} className={cn('block', line.style !== 'normal' && 'font-bold', line.style === 'title' && 'text-sm')}>
              {line.text}
            </span>
          ))}
        </pre>,
        document.body,
      )}
    </div>
  );
}
