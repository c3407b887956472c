import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCorrectTimeEntry } from '../api/correct-time-entry';
import type { TimeEntry } from '../api/types';
import { CORRECTION_FIELDS, correctionInput, initialTimes, type TimeField } from '../utils/correction';

interface CorrectEntryDialogProps {
  entry: TimeEntry | null;
  timeZone: string;
  onClose: () => void;
  onCorrected: (entry: TimeEntry) => void;
}

/** A manager corrects a shift's times; a reason is required and kept with the entry. */
export function CorrectEntryDialog({ entry, timeZone, onClose, onCorrected }: CorrectEntryDialogProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>{entry ? <CorrectEntryForm key={entry.id} entry={entry} timeZone={timeZone} onClose={onClose} onCorrected={onCorrected} /> : null}</DialogContent>
    </Dialog>
  );
}

function CorrectEntryForm({ entry, timeZone, onClose, onCorrected }: { entry: TimeEntry } & Omit<CorrectEntryDialogProps, 'entry'>) {
  const correct = useCorrectTimeEntry();
  const [before] = useState(() => initialTimes(entry, timeZone));
  const [times, setTimes] = useState(before);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ error: string; field?: TimeField | 'reason' } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = correctionInput(before, times, reason, timeZone);
    if ('error' in result) {
      setProblem(result);
      return;
    }
    setProblem(null);
    correct.mutate({ id: entry.id, input: result.input }, { onSuccess: onCorrected });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Correct {entry.employee_name}’s shift</DialogTitle>
        <DialogDescription>Times are on the business clock ({timeZone}). Hours and overtime are worked out again.</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {correct.isError ? <ErrorAlert title="The shift was not corrected" error={correct.error} /> : null}
        {problem && !problem.field ? <ErrorAlert message={problem.error} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {CORRECTION_FIELDS.map((field) => {
            const id = `correct-${field.name}`;
            const invalid = problem?.field === field.name;
            return (
              <Field key={field.name}>
                <Label htmlFor={id}>{field.label}</Label>
                <Input
                  id={id}
                  type="datetime-local"
                  value={times[field.name]}
                  aria-invalid={invalid ? true : undefined}
                  aria-describedby={invalid ? `${id}-error` : undefined}
                  onChange={(event) => setTimes((current) => ({ ...current, [field.name]: event.target.value }))}
                />
                {invalid ? <FieldError id={`${id}-error`}>{problem.error}</FieldError> : null}
              </Field>
            );
          })}
        </div>
        <p className="text-sm text-muted-foreground">Empty both break times to remove the break.</p>
        <Field>
          <Label htmlFor="correct-reason">Reason</Label>
          <Input
            id="correct-reason"
            value={reason}
            maxLength={500}
            aria-invalid={problem?.field === 'reason' ? true : undefined}
            aria-describedby={problem?.field === 'reason' ? 'correct-reason-error correct-reason-hint' : 'correct-reason-hint'}
            onChange={(event) => setReason(event.target.value)}
          />
          <FieldDescription id="correct-reason-hint">Kept with the shift and in the audit log, e.g. “Forgot to clock out”.</FieldDescription>
          {problem?.field === 'reason' ? <FieldError id="correct-reason-error">{problem.error}</FieldError> : null}
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={correct.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={correct.isPending}>
            {correct.isPending ? 'Saving...' : 'Save correction'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
