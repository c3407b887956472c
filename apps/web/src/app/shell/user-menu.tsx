import type { UserMenuEntry } from '@till/core';
import { CircleUserRoundIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useEndShift } from '@/features/employee-sessions/api/end-shift';
import { errorMessage, isApiError } from '@/lib/api-client';

interface UserMenuProps {
  entries: UserMenuEntry[];
  /** Shown on the trigger: the employee's or the account's initial. */
  initial: string | null;
}

/** SPEC §2 Top bar: the employee, owner or signed-out menu that @till/core builds, in its order. */
export function UserMenu({ entries, initial }: UserMenuProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const endShift = useEndShift();
  const [confirmingEndShift, setConfirmingEndShift] = useState(false);

  const confirmEndShift = () =>
    endShift.mutate(undefined, {
      onSuccess: (result) => {
        setConfirmingEndShift(false);
        const hours = result?.time_entry?.total_hours;
        toast.success('Shift ended', hours != null ? { description: `${hours.toFixed(2)} h worked` } : undefined);
        // Back to this till's PIN pad, never the back office (issue 10 item 3).
        void navigate('/pos-terminal', { replace: true });
      },
      // The session stays: ending the shift on this device alone would leave it open on the server.
      onError: (error) => toast.error('The shift was not ended', { description: errorMessage(error) }),
    });

  const runAction = (action: 'end-shift' | 'sign-out') => {
    if (action === 'end-shift') {
      setConfirmingEndShift(true);
      return;
    }
    signOut.mutate('local', {
      onSuccess: () => {
        toast.success('Signed out');
        void navigate('/auth', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 401) {
          void navigate('/auth', { replace: true });
          return;
        }
        toast.error('Could not sign out', { description: errorMessage(error) });
      },
    });
  };

  return (
    <>
    <Dialog open={confirmingEndShift} onOpenChange={setConfirmingEndShift}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>End your shift?</DialogTitle>
          <DialogDescription>You are clocked out and signed out of this till. To step away for a moment, use Lock instead.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirmingEndShift(false)} disabled={endShift.isPending}>
            Keep working
          </Button>
          <Button variant="destructive" onClick={confirmEndShift} disabled={endShift.isPending}>
            {endShift.isPending ? 'Ending...' : 'End shift'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="User menu" className="rounded-full">
          {initial ? (
            <span
              aria-hidden="true"
              className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {initial}
            </span>
          ) : (
            <CircleUserRoundIcon aria-hidden="true" className="size-6" />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {entries.map((entry, index) => {
          const previous = entries[index - 1];
          // A line between the header labels and the links, and before the closing action.
          const separated = previous !== undefined && previous.type !== entry.type && (previous.type === 'label' || entry.type === 'action');
          return (
            <Fragment key={`${entry.type}-${index}`}>
              {separated ? <DropdownMenuSeparator /> : null}
              {entry.type === 'label' ? (
                <DropdownMenuLabel className={index === 0 ? 'font-medium break-all' : 'pt-0 text-xs text-muted-foreground'}>
                  {entry.text}
                </DropdownMenuLabel>
              ) : entry.type === 'link' ? (
                <DropdownMenuItem asChild>
                  <Link to={entry.to}>{entry.label}</Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem
                  variant={entry.action === 'sign-out' ? 'destructive' : 'default'}
                  disabled={signOut.isPending || endShift.isPending}
                  onSelect={() => runAction(entry.action)}
                >
                  {entry.label}
                </DropdownMenuItem>
              )}
            </Fragment>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
    </>
  );
}
