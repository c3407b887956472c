import { CASH_MOVEMENT_LABELS, receiptDateTime, type CashMovementKind } from '@till/core';
import { ArrowDownToLineIcon, ArrowUpFromLineIcon, LockIcon, PackageOpenIcon, VaultIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useCurrentDrawer } from '../api/cash-sessions';
import { DrawerDialogs, mayClose, type DrawerDialog } from './drawer-dialogs';
import type { DrawerAccess } from '../lib/drawer-access';

// The X report's layout loads when a drawer is open, not with the till (its JavaScript budget).
const CashReportView = lazy(() => import('./cash-report-view').then((module) => ({ default: module.CashReportView })));
const MOVEMENT_ICONS: Record<CashMovementKind, typeof ArrowDownToLineIcon> = {
  pay_in: ArrowDownToLineIcon,
  pay_out: ArrowUpFromLineIcon,
  drop: VaultIcon,
  no_sale: PackageOpenIcon,
};

/** The drawer of this till (or a chosen register from the back office): state, actions and the X report. */
export function DrawerPanel({ access, registerId }: { access: DrawerAccess; registerId: string | null }) {
  const drawer = useCurrentDrawer(registerId, { enabled: access.isTill || registerId !== null });
  const [dialog, setDialog] = useState<DrawerDialog>({ kind: 'none' });
  const navigate = useNavigate();
  if (!access.isTill && registerId === null) {
    return <p className="text-sm text-muted-foreground">Choose a register to see its drawer.</p>;
  }
  if (drawer.isPending) return <p role="status">Loading the drawer…</p>;
  if (drawer.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(drawer.error)}</AlertDescription>
      </Alert>
    );
  }
  const data = drawer.data;
  const session = data.session;
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{data.register.name}</CardTitle>
          <CardDescription>
            {session
              ? `Open since ${receiptDateTime(session.opened_at, data.report?.time_zone ?? 'UTC')} · ${session.opened_by} · float ${formatMoney(session.opening_float, data.currency)}`
              : 'The drawer is closed. Open it with a counted float before taking cash.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          {session ? (
            <>
              {(['pay_in', 'pay_out', 'drop', 'no_sale'] as const).map((kind) => {
                const Icon = MOVEMENT_ICONS[kind];
                return (
                  <Button key={kind} variant="outline" onClick={() => setDialog({ kind: 'movement', movement: kind })}>
                    <Icon aria-hidden="true" /> {CASH_MOVEMENT_LABELS[kind]}
                  </Button>
                );
              })}
              {mayClose(access, data) ? (
                <Button onClick={() => setDialog({ kind: 'close' })}>
                  <LockIcon aria-hidden="true" /> Close drawer (Z report)
                </Button>
              ) : (
                <p className="self-center text-sm text-muted-foreground">A manager closes this drawer.</p>
              )}
            </>
          ) : (
            <Button onClick={() => setDialog({ kind: 'open' })}>Open drawer</Button>
          )}
        </CardContent>
      </Card>
      {data.report ? (
        <section aria-label="X report" className="grid gap-3">
          <h2 className="text-lg font-semibold">X report (so far, not closed)</h2>
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the X report…</p>}>
            <CashReportView report={data.report} />
          </Suspense>
        </section>
      ) : null}
      <DrawerDialogs
        dialog={dialog}
        onDialog={setDialog}
        drawer={data}
        registerId={access.isTill ? undefined : (registerId ?? undefined)}
        onClosed={(z) => void navigate(`/z-report/${z.session_id}`)}
      />
    </div>
  );
}
