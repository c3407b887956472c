import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { Employee } from '../api/types';

interface DeactivateDialogProps {
  employee: Employee | null;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeactivateDialog({ employee, pending, error, onConfirm, onCancel }: DeactivateDialogProps) {
  return (
    <Dialog open={employee !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Deactivate {employee?.full_name}?</DialogTitle>
          <DialogDescription>
            They can no longer sign in, and if they are signed in on a till now, that session ends at once. Their past shifts and
            sales stay on record.
          </DialogDescription>
        </DialogHeader>
        {error ? <ErrorAlert title="The employee was not deactivated" error={error} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Deactivating...' : 'Deactivate'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
