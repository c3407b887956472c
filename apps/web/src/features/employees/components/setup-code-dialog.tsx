import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { SetupCode } from '../api/types';

interface SetupCodeDialogProps {
  employeeName: string;
  setupCode: SetupCode | null;
  onClose: () => void;
  formatInstant: (iso: string) => string;
}

/** The one-time setup code, shown this once: the server keeps only a hash of it. */
export function SetupCodeDialog({ employeeName, setupCode, onClose, formatInstant }: SetupCodeDialogProps) {
  return (
    <Dialog open={setupCode !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Setup code for {employeeName}</DialogTitle>
          <DialogDescription>Give this to the employee for /employee-setup.</DialogDescription>
        </DialogHeader>
        {setupCode ? (
          <div className="grid gap-4">
            <p
              data-testid="setup-code"
              className="rounded-lg border bg-muted px-4 py-4 text-center font-mono text-2xl font-semibold tracking-widest break-all select-all sm:text-3xl"
            >
              {setupCode.code}
            </p>
            <p className="text-sm text-muted-foreground">
              They open <span className="font-medium text-foreground">/employee-setup</span> on the till, type this code and choose
              their PIN. It works once, until {formatInstant(setupCode.expires_at)}.
            </p>
            <Alert>
              <AlertDescription>
                <p>This code is shown only now. If it gets lost, issue a new one from the employee list.</p>
              </AlertDescription>
            </Alert>
          </div>
        ) : null}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
