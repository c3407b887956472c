import { CoffeeIcon, LogInIcon, LogOutIcon, PlayIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useClockStatus } from '../api/get-clock-status';
import { usePunch, type Punch } from '../api/punch';
import { useNow } from '../hooks/use-now';
import { formatDuration, workedMs, type ZonedFormatters } from '../utils/format';

const PUNCH_DONE: Record<Punch, string> = {
  'clock-in': 'Clocked in',
  'start-break': 'Break started',
  'end-break': 'Break ended',
  'clock-out': 'Clocked out',
};

interface ClockCardProps {
  /** The employee signed in on this device; without one there is no clock to punch. */
  employeeName: string | null;
  formatters: ZonedFormatters;
}

/** The signed-in employee's time clock: clock in, a break, clock out, and where they stand. */
export function ClockCard({ employeeName, formatters }: ClockCardProps) {
  const status = useClockStatus();
  const punch = usePunch();
  const now = useNow();

  const run = (kind: Punch) =>
    punch.mutate(kind, {
      onSuccess: () => toast.success(PUNCH_DONE[kind]),
    });

  if (!employeeName) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your clock</CardTitle>
          <CardDescription>Employees clock in and out here once they have signed in with their PIN.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/employee-login">Employee sign in</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const entry = status.data?.entry ?? null;
  const state = status.data?.state;
  const breakTaken = Boolean(entry?.break_start_time && entry.break_end_time);
  const bigButton = 'min-h-14 flex-1 text-base sm:flex-none sm:px-8';

  return (
    <Card aria-labelledby="clock-heading">
      <CardHeader>
        <CardTitle id="clock-heading">Your clock</CardTitle>
        <CardDescription>{employeeName}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading your clock...
          </p>
        ) : status.isError ? (
          <div className="grid justify-items-start gap-3">
            <ErrorAlert title="Could not load your clock" error={status.error} />
            <Button variant="outline" onClick={() => void status.refetch()} disabled={status.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <div role="status" aria-live="polite" className="grid gap-1">
              {state === 'clocked_out' || !entry ? (
                <p className="text-lg font-medium" data-clock-state="clocked_out">
                  You are not clocked in.
                </p>
              ) : state === 'on_break' ? (
                <>
                  <p className="flex flex-wrap items-center gap-2 text-lg font-medium" data-clock-state="on_break">
                    On break <Badge variant="warning">since {formatters.time(entry.break_start_time!)}</Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Clocked in at {formatters.time(entry.clock_in_time)} · break {formatDuration(now - Date.parse(entry.break_start_time!))}
                  </p>
                </>
              ) : (
                <>
                  <p className="flex flex-wrap items-center gap-2 text-lg font-medium" data-clock-state="working">
                    Working <Badge variant="success">since {formatters.time(entry.clock_in_time)}</Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {formatDuration(workedMs(entry, now))} worked
                    {breakTaken ? ` · break taken ${formatters.time(entry.break_start_time!)}–${formatters.time(entry.break_end_time!)}` : ''}
                  </p>
                </>
              )}
            </div>

            {punch.isError ? <ErrorAlert error={punch.error} /> : null}

            <div className="flex flex-wrap gap-3">
              {state === 'clocked_out' || !entry ? (
                <Button size="lg" className={bigButton} onClick={() => run('clock-in')} disabled={punch.isPending}>
                  <LogInIcon aria-hidden="true" />
                  Clock in
                </Button>
              ) : state === 'on_break' ? (
                <Button size="lg" className={bigButton} onClick={() => run('end-break')} disabled={punch.isPending}>
                  <PlayIcon aria-hidden="true" />
                  End break
                </Button>
              ) : (
                <>
                  {breakTaken ? null : (
                    <Button size="lg" variant="outline" className={bigButton} onClick={() => run('start-break')} disabled={punch.isPending}>
                      <CoffeeIcon aria-hidden="true" />
                      Start break
                    </Button>
                  )}
                  <Button size="lg" className={bigButton} onClick={() => run('clock-out')} disabled={punch.isPending}>
                    <LogOutIcon aria-hidden="true" />
                    Clock out
                  </Button>
                </>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
