import { useState } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useEmployeeSession } from '@/lib/employee-session';
import { useMe } from '@/lib/me';
import { useSessions } from '../api/cash-sessions';
import { drawerAccess } from '../lib/drawer-access';
import { DrawerPanel } from './drawer-panel';
import { ZReportsList } from './z-reports-list';

/** SPEC §2 /z-report: this till's drawer with its X report and close, and every Z report (issue 12). */
export function ZReportPage() {
  const me = useMe().data;
  const employeeSession = useEmployeeSession();
  const access = drawerAccess(me, employeeSession);
  const timeZone = me?.business?.time_zone ?? 'UTC';
  const [tab, setTab] = useState(access.isTill || !access.viewAllReports ? 'drawer' : 'reports');
  if (!access.enabled) {
    return (
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">Z report</h1>
        <p className="text-muted-foreground">Cash management is switched off for this business. Switch it on in Settings → Features to count drawers and close the day.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-semibold">Z report</h1>
        <p className="text-muted-foreground">Count the drawer, close the day, and look back at every closed day.</p>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="drawer">{access.isTill ? 'This drawer' : 'Drawers'}</TabsTrigger>
          {access.viewAllReports ? <TabsTrigger value="reports">Z reports</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="drawer" className="pt-4">
          {access.isTill ? <DrawerPanel access={access} registerId={null} /> : <BackOfficeDrawers />}
        </TabsContent>
        {access.viewAllReports ? (
          <TabsContent value="reports" className="pt-4">
            <ZReportsList timeZone={timeZone} />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}

/** From the back office: pick a register to see (and, if needed, close) its drawer. */
function BackOfficeDrawers() {
  const me = useMe().data;
  const employeeSession = useEmployeeSession();
  const access = drawerAccess(me, employeeSession);
  const sessions = useSessions({}, { enabled: access.viewAllReports });
  const registers = sessions.data?.registers ?? [];
  const openOn = new Set((sessions.data?.sessions ?? []).filter((session) => session.status === 'open').map((session) => session.register_id));
  const [registerId, setRegisterId] = useState<string | null>(null);
  const chosen = registerId ?? registers.find((register) => openOn.has(register.id))?.id ?? registers[0]?.id ?? null;
  if (!access.viewAllReports) return <p className="text-muted-foreground">Drawers are counted and closed at the till.</p>;
  if (sessions.isSuccess && registers.length === 0) {
    return <p className="text-muted-foreground">No tills yet. Pair a device as a till in Settings → Tills; its drawer shows here.</p>;
  }
  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="drawer-register">Register</Label>
        <Select value={chosen ?? ''} onValueChange={setRegisterId}>
          <SelectTrigger id="drawer-register">
            <SelectValue placeholder="Choose a register" />
          </SelectTrigger>
          <SelectContent>
            {registers.map((register) => (
              <SelectItem key={register.id} value={register.id}>
                {register.name}
                {openOn.has(register.id) ? ' · open' : ''}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {chosen ? <DrawerPanel key={chosen} access={access} registerId={chosen} /> : null}
    </div>
  );
}
