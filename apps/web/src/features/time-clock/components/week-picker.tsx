import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { addDays, isCalendarDate, weekOf, type WeekRange } from '../utils/zoned-time';
import type { ZonedFormatters } from '../utils/format';

interface WeekPickerProps {
  week: WeekRange;
  thisWeek: WeekRange;
  onChange: (week: WeekRange) => void;
  formatters: ZonedFormatters;
}

/** Monday-to-Sunday weeks on the business's calendar: back, forward, this week, or any date. */
export function WeekPicker({ week, thisWeek, onChange, formatters }: WeekPickerProps) {
  const isThisWeek = week.from === thisWeek.from;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label="Previous week" onClick={() => onChange(weekOf(addDays(week.from, -7)))}>
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="min-w-40 px-2 text-center text-sm font-medium tabular-nums">
          {formatters.dayRange(week.from, week.to)}
        </p>
        <Button variant="outline" size="icon" aria-label="Next week" onClick={() => onChange(weekOf(addDays(week.from, 7)))}>
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
      <Button variant="outline" onClick={() => onChange(thisWeek)} disabled={isThisWeek}>
        This week
      </Button>
      <div className="grid gap-1">
        <Label htmlFor="week-of" className="text-xs text-muted-foreground">
          Week of
        </Label>
        <Input
          id="week-of"
          type="date"
          className="w-44"
          value={week.from}
          onChange={(event) => {
            if (isCalendarDate(event.target.value)) onChange(weekOf(event.target.value));
          }}
        />
      </div>
    </div>
  );
}
