import { CASH_MOVEMENT_LABELS, type CashMovementKind } from '@till/core';
import { BanknoteIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useEmployeeSession } from '@/lib/employee-session';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { useCurrentDrawer } from '../api/cash-sessions';
import { drawerAccess } from '../lib/drawer-access';
import { DrawerDialogs, mayClose, type DrawerDialog } from './drawer-dialogs';

/**
 * The drawer button of the till's toolbar (a paired till with cash_management on): its state,
 * the open dialog, pay-ins and pay-outs, drops, no-sale, and the way to the X report and close.
 * `openRequest` changes when the till was refused a cash sale for want of an open drawer.
 */
export function DrawerControl({ openRequest, onOpened }: { openRequest: number; onOpened?: () => void }) {
  const me = useMe().data;
  const employeeSession = useEmployeeSession();
  const access = drawerAccess(me, employeeSession);
  const active = access.enabled && access.isTill;
  const drawer = useCurrentDrawer(null, { enabled: active });
  const [dialog, setDialog] = useState<DrawerDialog>({ kind: 'none' });
  const navigate = useNavigate();
  useEffect(() => {
    if (openRequest > 0) setDialog({ kind: 'open' });
  }, [openRequest]);
  if (!active) return null;
  const data = drawer.data;
  const session = data?.session ?? null;
  const label = session ? 'Drawer open' : 'Drawer closed';
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant={session ? 'outline' : 'secondary'} className="px-3" aria-label={`Cash drawer: ${session ? 'open' : 'closed'}`}>
            <BanknoteIcon aria-hidden="true" />
            <span className="hidden @lg:inline">{label}</span>
            {session ? null : <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>
            {data ? data.register.name : 'Cash drawer'}
            {session && data ? <span className="block text-xs font-normal text-muted-foreground">Expected cash {formatMoney(data.report?.cash.expected ?? session.opening_float, data.currency)}</span> : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {session ? (
            <>
              {(['pay_in', 'pay_out', 'drop', 'no_sale'] as CashMovementKind[]).map((kind) => (
                <DropdownMenuItem key={kind} onSelect={() => setDialog({ kind: 'movement', movement: kind })}>
                  {CASH_MOVEMENT_LABELS[kind]}
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void navigate('/z-report')}>X report</DropdownMenuItem>
              {data && mayClose(access, data) ? <DropdownMenuItem onSelect={() => setDialog({ kind: 'close' })}>Close drawer (Z report)</DropdownMenuItem> : null}
            </>
          ) : (
            <DropdownMenuItem onSelect={() => setDialog({ kind: 'open' })}>Open drawer…</DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <DrawerDialogs dialog={dialog} onDialog={setDialog} drawer={data} onOpened={onOpened} onClosed={(z) => void navigate(`/z-report/${z.session_id}`)} />
    </>
  );
}
