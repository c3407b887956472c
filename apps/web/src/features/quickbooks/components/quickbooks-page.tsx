import { receiptDateTime, type JournalEntryView, type QuickbooksDay } from '@till/core';
import { Fragment, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useExportJournal, useQuickbooksDays, useQuickbooksMapping, type ExportRequest } from '../api/quickbooks-api';
import { MappingForm } from './mapping-form';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC §2 /quickbooks (feature quickbooks_integration): each closed day's journal entry, the account mapping, the files. */
export function QuickbooksPage() {
  const mapping = useQuickbooksMapping();
  const [tab, setTab] = useState<string | null>(null);
  const current = tab ?? (mapping.data && !mapping.data.mapping ? 'mapping' : 'days');
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-semibold">QuickBooks</h1>
        <p className="text-muted-foreground">Each closed Z report as a balanced journal entry, ready to import into QuickBooks Online (CSV) or QuickBooks Desktop (IIF).</p>
      </div>
      {mapping.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(mapping.error)}
        </p>
      ) : null}
      {mapping.isPending ? <p role="status">Loading…</p> : null}
      {mapping.data ? (
        <Tabs value={current} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="days">Daily summaries</TabsTrigger>
            <TabsTrigger value="mapping">Account mapping</TabsTrigger>
          </TabsList>
          <TabsContent value="days" className="pt-4">
            <DailySummaries onMap={() => setTab('mapping')} />
          </TabsContent>
          <TabsContent value="mapping" className="pt-4">
            <MappingForm key={mapping.data.updated_at ?? 'new'} view={mapping.data} onSaved={() => setTab('days')} />
          </TabsContent>
        </Tabs>
      ) : null}
    </div>
  );
}

function DailySummaries({ onMap }: { onMap: () => void }) {
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const days = useQuickbooksDays({ from: ISO_DAY.test(fromDay) ? fromDay : undefined, to: ISO_DAY.test(toDay) ? toDay : undefined });
  const exportJournal = useExportJournal();
  const list = days.data?.days ?? [];
  const chosen = selected.filter((id) => list.some((day) => day.session_id === id));

  const download = (format: ExportRequest['format']) => {
    if (!days.data) return;
    const request: ExportRequest = chosen.length > 0 ? { format, session_ids: chosen } : { format, from: days.data.from, to: days.data.to };
    exportJournal.mutate(request, {
      onSuccess: () => {
        const count = chosen.length > 0 ? chosen.length : list.length;
        toast.success(`Downloaded ${format.toUpperCase()}: ${count} Z report${count === 1 ? '' : 's'} marked exported`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  const toggle = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  const scope = chosen.length > 0 ? `${chosen.length} selected` : 'all shown';

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={fromId}>From</Label>
          <Input id={fromId} type="date" value={fromDay || days.data?.from || ''} onChange={(event) => setFromDay(event.target.value)} className="w-full sm:w-40" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={toId}>To</Label>
          <Input id={toId} type="date" value={toDay || days.data?.to || ''} onChange={(event) => setToDay(event.target.value)} className="w-full sm:w-40" />
        </div>
        <Button onClick={() => download('csv')} disabled={!days.data?.mapped || list.length === 0 || exportJournal.isPending}>
          Download CSV ({scope})
        </Button>
        <Button variant="outline" onClick={() => download('iif')} disabled={!days.data?.mapped || list.length === 0 || exportJournal.isPending}>
          Download IIF ({scope})
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">CSV: QuickBooks Online → Settings → Import data → Journal entries. IIF: QuickBooks Desktop → File → Utilities → Import → IIF files.</p>
      {days.data && !days.data.mapped ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Map your QuickBooks accounts to see each day&apos;s journal entry.
          <Button variant="outline" onClick={onMap}>
            Map accounts
          </Button>
        </div>
      ) : null}
      {days.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(days.error)}
        </p>
      ) : null}
      {days.data?.truncated ? <p className="text-sm text-muted-foreground">Only the first 500 Z reports of these days are shown: choose a shorter range.</p> : null}
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <span className="sr-only">Select</span>
              </TableHead>
              <TableHead>Day</TableHead>
              <TableHead className="hidden sm:table-cell">Z</TableHead>
              <TableHead className="hidden sm:table-cell">Register</TableHead>
              <TableHead className="text-right">Net sales</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Entry</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.data && list.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8} className="py-8 text-center text-muted-foreground">
                  No Z report was closed in these days. Close a drawer on the Z report page and its day shows here.
                </TableCell>
              </TableRow>
            ) : null}
            {list.map((day) => (
              <Fragment key={day.session_id}>
                <DayRow day={day} selected={selected.includes(day.session_id)} onToggle={() => toggle(day.session_id)} open={open === day.session_id} onOpen={() => setOpen(open === day.session_id ? null : day.session_id)} />
                {open === day.session_id && day.entry ? (
                  <TableRow>
                    <TableCell colSpan={8} className="bg-muted/40">
                      <EntryView entry={day.entry} />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function DayRow({ day, selected, onToggle, open, onOpen }: { day: QuickbooksDay; selected: boolean; onToggle: () => void; open: boolean; onOpen: () => void }) {
  return (
    <TableRow>
      <TableCell>
        <input type="checkbox" className="size-4" aria-label={`Select Z ${day.number}`} checked={selected} onChange={onToggle} />
      </TableCell>
      <TableCell className="min-w-28">
        <span className="whitespace-nowrap">{day.date}</span>
        <span className="block font-medium sm:hidden">Z {day.number}</span>
        <span className="mt-1 block sm:hidden">
          <ExportStatus day={day} />
        </span>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap font-medium sm:table-cell">Z {day.number}</TableCell>
      <TableCell className="hidden sm:table-cell">{day.register_name}</TableCell>
      <TableCell className="text-right tabular-nums">{formatMoney(day.net_sales, day.currency)}</TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">{day.entry ? formatMoney(day.entry.total_debits, day.currency) : '—'}</TableCell>
      <TableCell className="hidden sm:table-cell">
        <ExportStatus day={day} />
      </TableCell>
      <TableCell className="text-right">
        {day.entry ? (
          <Button variant="ghost" className="px-2" aria-expanded={open} aria-label={`${open ? 'Hide' : 'Show'} entry of Z ${day.number}`} onClick={onOpen}>
            {open ? 'Hide' : 'Entry'}
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function ExportStatus({ day }: { day: QuickbooksDay }) {
  if (!day.export) return <Badge variant="outline">Not exported</Badge>;
  return (
    <span className="grid gap-0.5">
      <Badge variant="success" className="w-fit">
        Exported
      </Badge>
      <span className="text-xs text-muted-foreground">
        {day.export.format.toUpperCase()} by {day.export.exported_by}, {receiptDateTime(day.export.exported_at, Intl.DateTimeFormat().resolvedOptions().timeZone)}
        {day.export.count > 1 ? ` (${day.export.count} times)` : ''}
      </span>
    </span>
  );
}

function EntryView({ entry }: { entry: JournalEntryView }) {
  const m = (amount: number) => (amount === 0 ? '' : formatMoney(amount, entry.currency));
  return (
    <section aria-label={`Journal entry ${entry.journal_no}`} className="grid gap-2">
      <p className="text-sm font-medium">
        Journal {entry.journal_no} · {entry.date} · {entry.memo}
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Account</TableHead>
            <TableHead className="hidden sm:table-cell">Description</TableHead>
            <TableHead className="text-right">Debit</TableHead>
            <TableHead className="text-right">Credit</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entry.lines.map((line, index) => (
            <TableRow key={index}>
              <TableCell className="font-medium">{line.account}</TableCell>
              <TableCell className="hidden text-muted-foreground sm:table-cell">{line.description}</TableCell>
              <TableCell className="text-right tabular-nums">{m(line.debit)}</TableCell>
              <TableCell className="text-right tabular-nums">{m(line.credit)}</TableCell>
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <TableCell className="sm:hidden">Total</TableCell>
            <TableCell colSpan={2} className="hidden sm:table-cell">
              Total
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(entry.total_debits, entry.currency)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(entry.total_credits, entry.currency)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}
