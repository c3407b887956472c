import { REPORT_COMPARISON_LABELS, REPORT_COMPARISONS, REPORT_PRESET_LABELS, REPORT_PRESETS, type ReportComparison, type ReportPreset } from '@till/core';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { RangeChoice } from '../utils/range-choice';

/** A period for the reports: a preset or two days of the business's calendar, and what to compare it with. */
export function DateRangePicker({
  value,
  onPreset,
  onDates,
  onCompare,
  showCompare = true,
}: {
  value: RangeChoice;
  onPreset: (preset: ReportPreset) => void;
  onDates: (from: string, to: string) => void;
  onCompare: (compare: ReportComparison) => void;
  showCompare?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Report period">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-preset`}>Period</Label>
        <Select value={value.preset} onValueChange={(preset) => preset !== 'custom' && onPreset(preset as ReportPreset)}>
          <SelectTrigger id={`${id}-preset`} className="w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REPORT_PRESETS.map((preset) => (
              <SelectItem key={preset} value={preset}>
                {REPORT_PRESET_LABELS[preset]}
              </SelectItem>
            ))}
            <SelectItem value="custom" disabled>
              Custom dates
            </SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="w-40"
          value={value.from}
          max={value.to}
          onChange={(event) => event.target.value && onDates(event.target.value, value.to < event.target.value ? event.target.value : value.to)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="w-40"
          value={value.to}
          min={value.from}
          onChange={(event) => event.target.value && onDates(value.from > event.target.value ? event.target.value : value.from, event.target.value)}
        />
      </div>
      {showCompare ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-compare`}>Compare with</Label>
          <Select value={value.compare} onValueChange={(compare) => onCompare(compare as ReportComparison)}>
            <SelectTrigger id={`${id}-compare`} className="w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_COMPARISONS.map((compare) => (
                <SelectItem key={compare} value={compare}>
                  {REPORT_COMPARISON_LABELS[compare]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
    </div>
  );
}
