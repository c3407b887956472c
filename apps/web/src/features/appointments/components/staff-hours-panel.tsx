import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAddTimeOff, useRemoveTimeOff, useSaveHours, type StaffSchedule } from '../api/appointments';
import { selectClass } from './booking-dialog';
import { formatDay } from './calendar-time';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

interface DayRow {
  works: boolean;
  start: string;
  end: string;
  breakStart: string;
  breakEnd: string;
}

function rowsOf(person: StaffSchedule | undefined): DayRow[] {
  return WEEKDAYS.map((_, index) => {
    const hours = person?.hours.find((row) => row.weekday === index + 1);
    return hours
      ? { works: true, start: hours.start, end: hours.end, breakStart: hours.break_start ?? '', breakEnd: hours.break_end ?? '' }
      : { works: false, start: '09:00', end: '17:00', breakStart: '', breakEnd: '' };
  });
}

/** Working hours per weekday (with a break) and time off, per staff member, in the business's time zone. */
export function StaffHoursPanel({ staff, timeZone, canSetUp }: { staff: StaffSchedule[]; timeZone: string; canSetUp: boolean }) {
  const [employeeId, setEmployeeId] = useState(staff[0]?.id ?? '');
  const person = staff.find((item) => item.id === employeeId) ?? staff[0];
  const [rows, setRows] = useState<DayRow[]>(() => rowsOf(person));
  const [off, setOff] = useState({ startsOn: '', endsOn: '', reason: '' });
  const saveHours = useSaveHours();
  const addTimeOff = useAddTimeOff();
  const removeTimeOff = useRemoveTimeOff();

  useEffect(() => {
    setRows(rowsOf(person));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [person?.id]);

  if (!person) return <p className="text-muted-foreground">No active employees yet. Add your staff on the Employees page, then set their hours here.</p>;

  const update = (index: number, change: Partial<DayRow>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const submitHours = (event: FormEvent) => {
    event.preventDefault();
    saveHours.mutate(
      {
        employeeId: person.id,
        body: {
          hours: rows.flatMap((row, index) =>
            row.works ? [{ weekday: index + 1, start: row.start, end: row.end, break_start: row.breakStart || null, break_end: row.breakEnd || null }] : [],
          ),
        },
      },
      { onSuccess: () => toast.success(`Working hours of ${person.full_name} saved`) },
    );
  };
  const submitOff = (event: FormEvent) => {
    event.preventDefault();
    addTimeOff.mutate(
      { employeeId: person.id, body: { starts_on: off.startsOn, ends_on: off.endsOn || off.startsOn, reason: off.reason.trim() || null } },
      { onSuccess: () => (toast.success('Time off added'), setOff({ startsOn: '', endsOn: '', reason: '' })) },
    );
  };

  return (
    <div className="grid gap-6">
      <Field className="max-w-xs">
        <Label htmlFor="hours-staff">Staff member</Label>
        <select id="hours-staff" className={selectClass} value={person.id} onChange={(event) => setEmployeeId(event.target.value)}>
          {staff.map((item) => (
            <option key={item.id} value={item.id}>
              {item.full_name}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form className="grid content-start gap-3 rounded-lg border p-4" onSubmit={submitHours} aria-label={`Working hours of ${person.full_name}`}>
          <h2 className="font-semibold">Working hours</h2>
          <p className="text-sm text-muted-foreground">Times in {timeZone}. A break is optional; days not ticked are days off.</p>
          <div className="grid gap-2">
            {rows.map((row, index) => (
              <fieldset key={WEEKDAYS[index]} className="grid grid-cols-2 items-end gap-2 border-b pb-2 sm:grid-cols-[8rem_repeat(4,minmax(0,1fr))]">
                <legend className="sr-only">{WEEKDAYS[index]}</legend>
                <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm font-medium sm:col-span-1 sm:min-h-9">
                  <input type="checkbox" className="size-4" checked={row.works} onChange={(event) => update(index, { works: event.target.checked })} />
                  {WEEKDAYS[index]}
                </label>
                {(
                  [
                    ['start', 'From'],
                    ['end', 'To'],
                    ['breakStart', 'Break from'],
                    ['breakEnd', 'Break to'],
                  ] as const
                ).map(([key, label]) => (
                  <Field key={key} className="gap-1">
                    <Label htmlFor={`hours-${index}-${key}`} className="text-xs text-muted-foreground">
                      {label}
                    </Label>
                    <Input
                      id={`hours-${index}-${key}`}
                      aria-label={`${WEEKDAYS[index]} ${label.toLowerCase()}`}
                      type="time"
                      step={300}
                      value={row[key]}
                      disabled={!row.works}
                      onChange={(event) => update(index, { [key]: event.target.value })}
                    />
                  </Field>
                ))}
              </fieldset>
            ))}
          </div>
          {saveHours.error ? <ErrorAlert title="Not saved" error={saveHours.error} /> : null}
          {canSetUp ? (
            <Button type="submit" className="justify-self-start" disabled={saveHours.isPending}>
              Save hours
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Changing hours needs the can_change_settings permission.</p>
          )}
        </form>
        <div className="grid content-start gap-3 rounded-lg border p-4">
          <h2 className="font-semibold">Time off</h2>
          {person.time_off.length === 0 ? (
            <p className="text-sm text-muted-foreground">No time off coming up.</p>
          ) : (
            <ul className="grid gap-2">
              {person.time_off.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-2 text-sm">
                  <span>
                    {formatDay(item.starts_on, 'short')}
                    {item.ends_on !== item.starts_on ? ` – ${formatDay(item.ends_on, 'short')}` : ''}
                    {item.reason ? ` · ${item.reason}` : ''}
                  </span>
                  {canSetUp ? (
                    <Button variant="ghost" onClick={() => removeTimeOff.mutate(item.id, { onSuccess: () => toast.success('Time off removed') })}>
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {canSetUp ? (
            <form className="grid gap-3" onSubmit={submitOff} aria-label="Add time off">
              <div className="grid grid-cols-2 gap-2">
                <Field>
                  <Label htmlFor="off-from">From</Label>
                  <Input id="off-from" type="date" value={off.startsOn} onChange={(event) => setOff({ ...off, startsOn: event.target.value })} required />
                </Field>
                <Field>
                  <Label htmlFor="off-to">To</Label>
                  <Input id="off-to" type="date" value={off.endsOn} onChange={(event) => setOff({ ...off, endsOn: event.target.value })} />
                </Field>
              </div>
              <Field>
                <Label htmlFor="off-reason">Reason</Label>
                <Input id="off-reason" value={off.reason} onChange={(event) => setOff({ ...off, reason: event.target.value })} maxLength={200} />
              </Field>
              {addTimeOff.error ? <ErrorAlert title="Not added" error={addTimeOff.error} /> : null}
              <Button type="submit" variant="secondary" className="justify-self-start" disabled={addTimeOff.isPending}>
                Add time off
              </Button>
            </form>
          ) : null}
        </div>
      </div>
    </div>
  );
}
