import { brandColorProblem, contrastWithWhite } from '@till/core';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A brand colour: a picker and the hex text, with the contrast of white text on it said as it changes. */
export function BrandColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const problem = value ? brandColorProblem(value) : null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value.toLowerCase() : '#171717'}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-md border bg-background p-1 sm:h-9"
        />
        <Input id={id} value={value} maxLength={7} placeholder="#1d4ed8" onChange={(event) => onChange(event.target.value.trim())} aria-describedby={`${id}-note`} aria-invalid={problem ? true : undefined} />
      </div>
      <p id={`${id}-note`} className={problem ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
        {problem ?? (value ? `White text on it: ${contrastWithWhite(value).toFixed(2)}:1 (at least 4.5:1 needed).` : "Empty: the platform's colour.")}
      </p>
    </div>
  );
}
