import { tillStartPage } from '@till/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { TillScreen } from '@/components/till-screen';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmployeeSignIn } from '@/features/employee-sessions/components/employee-sign-in';
import { OpenTillHere } from '@/features/registers/components/open-till-here';
import { getClockStatus } from '@/features/time-clock/api/get-clock-status';
import { usePunch } from '@/features/time-clock/api/punch';
import { errorMessage } from '@/lib/api-client';
import { useEmployeeSession, type StoredEmployeeSession } from '@/lib/employee-session';
import { useMe, type Me } from '@/lib/me';
import { useDocumentTitle } from '@/hooks/use-document-title';

type AfterSignIn = { step: 'checking' } | { step: 'offer-clock-in'; session: StoredEmployeeSession } | null;

/**
 * The till's PIN pad (issue 10): tap your name, type your PIN, and land on your work. With time
 * tracking on, someone not clocked in is offered to clock in first (item 6).
 */
function TillPinPad({ me }: { me: Me }) {
  const navigate = useNavigate();
  const session = useEmployeeSession();
  const [after, setAfter] = useState<AfterSignIn>(null);
  // The time clock's own punch: it updates the clock status and the shift lists it shows elsewhere.
  const clockIn = usePunch();
  const features = me.settings?.enabled_features;
  const startPage = (role: StoredEmployeeSession['employee_role']) => (features ? tillStartPage(role, features) : '/dashboard');
  const businessName = me.settings?.business_name || me.business?.name || null;

  // Someone already signed in who opens the PIN pad goes on to their work; a sign-in made here is
  // led on by onSignedIn below (through the clock-in offer when there is one).
  const [signedInOnArrival] = useState(() => session !== null);
  if (signedInOnArrival && session && after === null) return <Navigate to={startPage(session.employee_role)} replace />;

  if (after?.step === 'offer-clock-in') {
    const go = () => {
      setAfter(null);
      void navigate(startPage(after.session.employee_role), { replace: true });
    };
    return (
      <TillScreen title={`Hello, ${after.session.employee_name}`} intro="You are not clocked in." businessName={businessName}>
        <Card className="max-w-md">
          <CardHeader>
            <CardTitle>Clock in now?</CardTitle>
            <CardDescription>Your hours count from now. End Shift clocks you out.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button
              size="lg"
              disabled={clockIn.isPending}
              onClick={() =>
                clockIn.mutate('clock-in', {
                  onSuccess: () => toast.success('Clocked in'),
                  onError: (error) => toast.error('You were not clocked in', { description: errorMessage(error) }),
                  onSettled: go,
                })
              }
            >
              {clockIn.isPending ? 'Clocking in...' : 'Clock in'}
            </Button>
            <Button size="lg" variant="outline" onClick={go} disabled={clockIn.isPending}>
              Not now
            </Button>
          </CardContent>
        </Card>
      </TillScreen>
    );
  }

  if (after?.step === 'checking') return <LoadingScreen />;

  return (
    <TillScreen
      title={me.till ? `${me.till.name}` : 'POS Terminal'}
      intro="Tap your name, then enter your PIN."
      businessName={businessName}
    >
      <EmployeeSignIn
        onSignedIn={(signedIn) => {
          if (!features?.time_tracking) {
            void navigate(startPage(signedIn.employee_role), { replace: true });
            return;
          }
          setAfter({ step: 'checking' });
          getClockStatus()
            .then((status) => {
              if (status.state === 'clocked_out') setAfter({ step: 'offer-clock-in', session: signedIn });
              else {
                setAfter(null);
                void navigate(startPage(signedIn.employee_role), { replace: true });
              }
            })
            .catch(() => {
              setAfter(null);
              void navigate(startPage(signedIn.employee_role), { replace: true });
            });
        }}
      />
    </TillScreen>
  );
}

/**
 * /pos-terminal (SPEC §2, no guard): on a paired till, its PIN pad; on the owner's own browser,
 * the offer to open the till here; on any other browser, the way to pair it.
 */
export function PosTerminalRoute() {
  useDocumentTitle('POS Terminal');
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  const data = me.data;
  if (data?.till) return <TillPinPad me={data} />;

  if (data?.user) {
    return (
      <div className="grid gap-6">
        <PageHeader title="POS Terminal" description="This browser is your back office, not a till." />
        <Card className="max-w-lg">
          <CardHeader>
            <CardTitle>Open the till on this device</CardTitle>
            <CardDescription>
              A till holds no account: your staff, and you, sign in on it with a PIN. Opening the till here signs you out of this browser.
              To pair another device, make a code in Settings → Tills.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <OpenTillHere />
            <Button asChild variant="outline">
              <Link to="/settings">Settings → Tills</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  return <Navigate to="/pos-terminal-login" replace />;
}
