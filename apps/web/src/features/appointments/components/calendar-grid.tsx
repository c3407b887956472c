import { formatClock, workingIntervals, type WorkingHours } from '@till/core';
import { PlusIcon } from 'lucide-react';
import { useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import type { Appointment } from '../api/appointments';
import { formatDay, formatTime, HOUR_PX, minuteOf, SLOT_MINUTES } from './calendar-time';

export interface CalendarColumn {
  key: string;
  title: string;
  subtitle?: string | undefined;
  day: string;
  /** Set in the day view: every slot of the column is this staff member's. */
  employeeId: string | null;
  hours: WorkingHours[];
  timeOff: { startsOn: string; endsOn: string }[];
  appointments: Appointment[];
}

interface CalendarGridProps {
  columns: CalendarColumn[];
  timeZone: string;
  /** Minutes of the day the grid shows, whole hours. */
  fromMinute: number;
  toMinute: number;
  showStaffOnBlocks: boolean;
  /** The narrowest a column gets before the grid scrolls sideways. */
  minColumnRem: number;
  onPickSlot: (slot: { day: string; clock: string; employeeId: string | null }) => void;
  onOpen: (appointment: Appointment) => void;
  /** Dropped after a drag: the new start (minutes of the day), in the column under the pointer. */
  onDrop: (appointment: Appointment, target: { day: string; minute: number; employeeId: string | null }) => void;
}

const STATUS_CLASS: Record<Appointment['status'], string> = {
  booked: 'border-sky-600/60 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50',
  completed: 'border-emerald-600/60 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50',
  cancelled: 'border-dashed border-muted-foreground/60 bg-muted text-muted-foreground line-through',
  no_show: 'border-amber-600/70 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
};
const STATUS_LABEL: Record<Appointment['status'], string> = { booked: 'Booked', completed: 'Completed', cancelled: 'Cancelled', no_show: 'No-show' };

/**
 * A CSS grid of our own: one column per staff member (day view) or per day (week view), hours
 * down the side. Free half hours inside working hours are buttons that book; appointments are
 * blocks over them that open the appointment.
 */
export function CalendarGrid({ columns, timeZone, fromMinute, toMinute, showStaffOnBlocks, minColumnRem, onPickSlot, onOpen, onDrop }: CalendarGridProps) {
  // Drag to move with plain pointer events: a press that travels more than a few pixels is a drag,
  // snapped to 15 minutes; a press that stays put is a click that opens the appointment.
  const drag = useRef<{ id: string; x: number; y: number; moved: boolean } | null>(null);
  const [offset, setOffset] = useState<{ id: string; dx: number; dy: number } | null>(null);
  const dragged = useRef(false);
  const snap = (dy: number) => Math.round(((dy / HOUR_PX) * 60) / 15) * 15;
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, appointment: Appointment) => {
    if (appointment.status !== 'booked' || event.button !== 0) return;
    drag.current = { id: appointment.id, x: event.clientX, y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.moved && Math.hypot(dx, dy) < 6) return;
    current.moved = true;
    setOffset({ id: current.id, dx, dy: (snap(dy) / 60) * HOUR_PX });
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>, appointment: Appointment) => {
    const current = drag.current;
    drag.current = null;
    setOffset(null);
    if (!current?.moved) return;
    dragged.current = true;
    const under = document.elementsFromPoint(event.clientX, event.clientY).find((element) => element instanceof HTMLElement && element.dataset.calendarColumn);
    const column = columns.find((item) => item.key === (under as HTMLElement | undefined)?.dataset.calendarColumn);
    const delta = snap(event.clientY - current.y);
    if (!column || (delta === 0 && column.employeeId === appointment.employee_id && column.day === columns.find((item) => item.appointments.includes(appointment))?.day)) return;
    onDrop(appointment, { day: column.day, minute: minuteOf(appointment.starts_at, timeZone) + delta, employeeId: column.employeeId });
  };
  const height = ((toMinute - fromMinute) / 60) * HOUR_PX;
  const hours: number[] = [];
  for (let minute = fromMinute; minute < toMinute; minute += 60) hours.push(minute);
  const top = (minute: number) => ((minute - fromMinute) / 60) * HOUR_PX;

  return (
    <div className="overflow-x-auto rounded-lg border" role="region" aria-label="Calendar" tabIndex={0}>
      <div className="grid min-w-max" style={{ gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(${minColumnRem}rem, 1fr))` } as CSSProperties}>
        <div className="sticky left-0 z-20 border-b bg-background" />
        {columns.map((column) => (
          <div key={column.key} className="border-b border-l px-2 py-2 text-sm">
            <div className="font-medium">{column.title}</div>
            {column.subtitle ? <div className="text-xs text-muted-foreground">{column.subtitle}</div> : null}
          </div>
        ))}
        <div className="sticky left-0 z-20 bg-background" style={{ height }}>
          {hours.map((minute) => (
            <div key={minute} className="absolute right-1 -translate-y-2 text-xs text-muted-foreground tabular-nums" style={{ top: top(minute) }}>
              {formatClock(minute)}
            </div>
          ))}
        </div>
        {columns.map((column) => {
          const working = workingIntervals(column.day, timeZone, column.hours, column.timeOff).map((interval) => ({
            from: minuteOf(interval.start.toISOString(), timeZone),
            to: minuteOf(interval.end.toISOString(), timeZone) || 1440,
          }));
          const busy = column.appointments
            .filter((appointment) => appointment.status !== 'cancelled')
            .map((appointment) => ({ from: minuteOf(appointment.starts_at, timeZone), to: minuteOf(appointment.ends_at, timeZone) || 1440 }));
          const slots: number[] = [];
          for (let minute = fromMinute; minute < toMinute; minute += SLOT_MINUTES) {
            const inHours = column.employeeId === null || working.some((range) => range.from <= minute && minute + SLOT_MINUTES <= range.to);
            const free = !busy.some((range) => range.from < minute + SLOT_MINUTES && minute < range.to);
            if (inHours && free) slots.push(minute);
          }
          return (
            <div key={column.key} data-calendar-column={column.key} className={cn('relative border-l', column.employeeId !== null && 'bg-muted/70')} style={{ height }}>
              {column.employeeId !== null
                ? working.map((range) => (
                    <div key={range.from} className="absolute inset-x-0 bg-background" style={{ top: top(Math.max(range.from, fromMinute)), height: top(Math.min(range.to, toMinute)) - top(Math.max(range.from, fromMinute)) }} />
                  ))
                : null}
              {hours.map((minute) => (
                <div key={minute} className="absolute inset-x-0 border-t border-border/60" style={{ top: top(minute) }} />
              ))}
              {slots.map((minute) => (
                <button
                  key={minute}
                  type="button"
                  className="group absolute inset-x-0 flex items-center justify-center text-xs text-muted-foreground outline-none hover:bg-primary/5 focus-visible:bg-primary/10 focus-visible:ring-2 focus-visible:ring-ring"
                  style={{ top: top(minute), height: (SLOT_MINUTES / 60) * HOUR_PX }}
                  aria-label={`Book ${column.employeeId ? `${column.title} ` : ''}at ${formatClock(minute)} on ${formatDay(column.day)}`}
                  onClick={() => onPickSlot({ day: column.day, clock: formatClock(minute), employeeId: column.employeeId })}
                >
                  <PlusIcon className="size-3.5 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" aria-hidden="true" />
                </button>
              ))}
              {column.appointments.map((appointment) => {
                const from = Math.max(minuteOf(appointment.starts_at, timeZone), fromMinute);
                const to = Math.min(minuteOf(appointment.ends_at, timeZone) || 1440, toMinute);
                return (
                  <button
                    key={appointment.id}
                    type="button"
                    className={cn(
                      'absolute inset-x-1 z-10 overflow-hidden rounded-md border px-2 py-1 text-left text-xs shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      STATUS_CLASS[appointment.status],
                      appointment.status === 'cancelled' && 'z-0 opacity-70',
                    )}
                    style={{
                      top: top(from) + 1,
                      height: Math.max(top(to) - top(from) - 2, 22),
                      ...(offset?.id === appointment.id ? { transform: `translate(${offset.dx}px, ${offset.dy}px)`, zIndex: 30 } : {}),
                    }}
                    onPointerDown={(event) => onPointerDown(event, appointment)}
                    onPointerMove={onPointerMove}
                    onPointerUp={(event) => onPointerUp(event, appointment)}
                    onPointerCancel={() => ((drag.current = null), setOffset(null))}
                    onClick={() => {
                      // The click that ends a drag does not open the appointment.
                      if (dragged.current) dragged.current = false;
                      else onOpen(appointment);
                    }}
                  >
                    <span className="block truncate font-medium">{appointment.customer_name}</span>
                    <span className="block truncate">
                      {appointment.service_name}
                      {showStaffOnBlocks ? ` · ${appointment.employee_name}` : <span className="sr-only"> with {appointment.employee_name}</span>}
                      {appointment.status !== 'booked' ? ` · ${STATUS_LABEL[appointment.status]}` : ''}
                    </span>
                    <span className="block tabular-nums">
                      {formatTime(appointment.starts_at, timeZone)} – {formatTime(appointment.ends_at, timeZone)}
                    </span>
                  </button>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
