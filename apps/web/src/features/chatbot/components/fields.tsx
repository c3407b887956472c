import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** Form fields the chatbot's settings and the platform's chatbot defaults share. */
export function ColorField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input type="color" aria-label={`${label} picker`} value={valid ? value : '#000000'} onChange={(event) => onChange(event.target.value)} className="h-9 w-12 cursor-pointer rounded border" />
        <Input id={id} className="max-w-32 font-mono" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={valid ? undefined : true} />
      </div>
      {valid ? null : <p className="text-sm text-destructive">Enter a colour like #3b82f6</p>}
    </Field>
  );
}

export function SwitchField({ id, label, hint, checked, onChange }: { id: string; label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={hint ? `${id}-hint` : undefined} />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
