import { CASH_MOVEMENT_LABELS, type CashMovementKind } from '@till/core';
import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { CashReportView, CurrentDrawer } from '../api/cash-sessions';
import type { DrawerAccess } from '../lib/drawer-access';

/** The drawer's dialogs, apart from the back office's panel: the till's drawer button needs only these (decision 058). */

// The drawer's forms (with their select, switch and counting code) load when a dialog opens (decision 058).
const OpenDrawerForm = lazy(() => import('./drawer-forms').then((module) => ({ default: module.OpenDrawerForm })));
const MovementForm = lazy(() => import('./drawer-forms').then((module) => ({ default: module.MovementForm })));
const CloseDrawerForm = lazy(() => import('./drawer-forms').then((module) => ({ default: module.CloseDrawerForm })));
const formLoading = <p className="text-sm text-muted-foreground">Loading...</p>;

type DrawerDialog = { kind: 'none' } | { kind: 'open' } | { kind: 'movement'; movement: CashMovementKind } | { kind: 'close' };

export function mayClose(access: DrawerAccess, drawer: CurrentDrawer): boolean {
  if (access.closeAny) return true;
  return drawer.cashiers_close_own_session && access.employeeId !== null && drawer.session?.opened_by_employee_id === access.employeeId;
}

/** The drawer dialogs (open, pay in/out, drop, no sale, close) over one register's drawer. */
export function DrawerDialogs({
  dialog,
  onDialog,
  drawer,
  registerId,
  onOpened,
  onClosed,
}: {
  dialog: DrawerDialog;
  onDialog: (dialog: DrawerDialog) => void;
  drawer: CurrentDrawer | undefined;
  registerId?: string | undefined;
  onOpened?: (() => void) | undefined;
  onClosed: (z: CashReportView) => void;
}) {
  const currency = drawer?.currency ?? 'USD';
  const close = () => onDialog({ kind: 'none' });
  return (
    <Dialog open={dialog.kind !== 'none'} onOpenChange={(open) => (open ? undefined : close())}>
      {dialog.kind === 'open' ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Open the drawer{drawer ? ` · ${drawer.register.name}` : ''}</DialogTitle>
            <DialogDescription>Sales in cash start once the opening float is counted.</DialogDescription>
          </DialogHeader>
          <Suspense fallback={formLoading}>
            <OpenDrawerForm
              currency={currency}
              registerId={registerId}
              onOpened={() => {
                close();
                onOpened?.();
              }}
            />
          </Suspense>
        </DialogContent>
      ) : dialog.kind === 'movement' && drawer?.session ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{CASH_MOVEMENT_LABELS[dialog.movement]}</DialogTitle>
            <DialogDescription>
              {dialog.movement === 'no_sale' ? 'Opens the drawer without a sale; it is recorded with your name.' : 'Recorded in this drawer session with your name and the reason.'}
            </DialogDescription>
          </DialogHeader>
          <Suspense fallback={formLoading}>
            <MovementForm sessionId={drawer.session.id} currency={currency} kind={dialog.movement} onDone={close} />
          </Suspense>
        </DialogContent>
      ) : dialog.kind === 'close' && drawer?.session && drawer.report ? (
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Close the drawer · {drawer.register.name}</DialogTitle>
            <DialogDescription>Count the cash, confirm the card and other totals; the Z report is then final.</DialogDescription>
          </DialogHeader>
          <Suspense fallback={formLoading}>
            <CloseDrawerForm
              sessionId={drawer.session.id}
              report={drawer.report}
              onClosed={(z) => {
                close();
                onClosed(z);
              }}
            />
          </Suspense>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export type { DrawerDialog };
