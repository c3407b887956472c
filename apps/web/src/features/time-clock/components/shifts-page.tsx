import { DownloadIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useExportTimeEntries } from '../api/export-time-entries';
import { useTimeEntries } from '../api/get-time-entries';
import type { TimeEntry } from '../api/types';
import { useNow } from '../hooks/use-now';
import { formatHours, zonedFormatters } from '../utils/format';
import { usableTimeZone, weekContaining, type WeekRange } from '../utils/zoned-time';
import { ClockCard } from './clock-card';
import { CorrectEntryDialog } from './correct-entry-dialog';
import { OnShiftCard } from './on-shift-card';
import { WeekPicker } from './week-picker';
import { WeekReport } from './week-report';

interface ShiftsPageProps {
  /** The business's time zone: every time and every week is read on its clock. */
  timeZone: string | null | undefined;
  /** The employee signed in on this device, who has a clock to punch. */
  employeeName: string | null;
  /** The owner, admins and managers see everyone, correct shifts and export. */
  managesTimeClock: boolean;
}

/** /shifts: your clock, who is on shift, and a week of hours with totals and overtime. */
export function ShiftsPage({ timeZone: rawTimeZone, employeeName, managesTimeClock }: ShiftsPageProps) {
  const timeZone = usableTimeZone(rawTimeZone);
  const formatters = useMemo(() => zonedFormatters(timeZone), [timeZone]);
  const now = useNow();
  const thisWeek = weekContaining(new Date(now), timeZone);
  const [picked, setPicked] = useState<WeekRange | null>(null);
  const week = picked ?? thisWeek;
  const entries = useTimeEntries(week);
  const exportCsv = useExportTimeEntries();
  const [correcting, setCorrecting] = useState<TimeEntry | null>(null);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Time Clock"
        description={`Clock in and out, breaks, and the hours worked. Times are on the business clock (${timeZone}).`}
      />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <ClockCard employeeName={employeeName} formatters={formatters} />
        <OnShiftCard formatters={formatters} />
      </div>

      <section aria-labelledby="week-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="week-heading" className="text-xl font-semibold">
              {managesTimeClock ? 'Hours by week' : 'Your hours by week'}
            </h2>
            <p className="text-sm text-muted-foreground">Shifts that began in the week. Overtime is every hour past 8 in a shift.</p>
          </div>
          {managesTimeClock ? (
            <Button
              variant="outline"
              disabled={exportCsv.isPending}
              onClick={() =>
                exportCsv.mutate(week, {
                  onSuccess: (name) => toast.success(`Downloaded ${name}`),
                  onError: (error) => toast.error('The export failed', { description: error.message }),
                })
              }
            >
              <DownloadIcon aria-hidden="true" />
              {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
          ) : null}
        </div>
        <WeekPicker week={week} thisWeek={thisWeek} onChange={setPicked} formatters={formatters} />
        {entries.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading the week...
          </p>
        ) : entries.isError ? (
          <div className="grid max-w-lg gap-3">
            <ErrorAlert title="Could not load the hours" error={entries.error} />
            <Button variant="outline" onClick={() => void entries.refetch()} disabled={entries.isFetching} className="justify-self-start">
              {entries.isFetching ? 'Retrying...' : 'Try again'}
            </Button>
          </div>
        ) : (
          <div aria-busy={entries.isPlaceholderData} className={entries.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <WeekReport
              report={entries.data}
              formatters={zonedFormatters(usableTimeZone(entries.data.time_zone))}
              canCorrect={managesTimeClock}
              onCorrect={setCorrecting}
              now={now}
            />
          </div>
        )}
      </section>

      <CorrectEntryDialog
        entry={correcting}
        timeZone={timeZone}
        onClose={() => setCorrecting(null)}
        onCorrected={(entry) => {
          setCorrecting(null);
          toast.success(`${entry.employee_name}’s shift corrected`, { description: `${formatHours(entry.total_hours)} worked` });
        }}
      />
    </div>
  );
}
