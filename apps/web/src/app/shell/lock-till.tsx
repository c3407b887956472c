import { useQueryClient } from '@tanstack/react-query';
import { LockIcon } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { forgetActorQueries } from '@/lib/actor-queries';
import { api } from '@/lib/api';
import { clearEmployeeSession } from '@/lib/employee-session';

/** Ctrl+Shift+L (⌘+Shift+L on a Mac): lock the till from any screen. */
export const isLockShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) =>
  (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'l';

/**
 * Lock (issue 10 item 2): the person at the till steps away and the device shows its PIN pad.
 * Only this sign-in ends (the shift stays open, a parked sale stays parked, the current sale is
 * kept for this person's return); End Shift is what clocks out.
 */
export function useLockTill() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    // The request takes the token with it before the session is forgotten below.
    void api.POST('/api/employee-sessions/sign-out').catch(() => undefined);
    forgetActorQueries(queryClient);
    clearEmployeeSession();
    void navigate('/pos-terminal', { replace: true });
  }, [navigate, queryClient]);
}

export function LockTillButton() {
  const lock = useLockTill();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isLockShortcut(event)) return;
      event.preventDefault();
      lock();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [lock]);
  return (
    <Button variant="outline" className="px-2 sm:px-3" onClick={lock} title="Lock the till (Ctrl+Shift+L)">
      <LockIcon aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Lock</span>
      <Kbd className="hidden lg:inline-flex">Ctrl ⇧ L</Kbd>
    </Button>
  );
}
