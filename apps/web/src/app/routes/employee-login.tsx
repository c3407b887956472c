import { Link, Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { TillScreen } from '@/components/till-screen';
import { Button } from '@/components/ui/button';
import { OpenTillHere } from '@/features/registers/components/open-till-here';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMe } from '@/lib/me';
import { AuthRoute } from './auth';

const HEADINGS: Record<string, { title: string; intro: string }> = {
  '/employee-login': { title: 'Employee sign in', intro: 'Tap your name, then enter your PIN.' },
  '/back-office-login': { title: 'Back office sign in', intro: 'Tap your name, then enter your PIN to open the back office.' },
};

/**
 * /employee-login and /back-office-login (SPEC §2): with employee authentication on and the
 * device's account signed in, employees pick their name and type their PIN; otherwise the
 * account sign-in screen.
 */
export function EmployeeLoginRoute() {
  const { pathname } = useLocation();
  const me = useMe();
  const heading = HEADINGS[pathname] ?? HEADINGS['/employee-login']!;
  useDocumentTitle(heading.title);

  if (me.isPending || (me.isPlaceholderData && me.isFetching)) return <LoadingScreen />;
  const data = me.data;
  // On a paired till, the employee sign-in is the till's own PIN pad.
  if (data?.till) return <Navigate to="/pos-terminal" replace />;
  // Signing the device in here leads on to the PIN screen; from the back-office page, to the back office.
  if (!data?.user) {
    return pathname === '/employee-login' ? <AuthRoute onSignedIn={() => void me.refetch()} /> : <AuthRoute afterSignIn="/dashboard" />;
  }

  const businessName = data.settings?.business_name || data.business?.name || null;
  // An account's own browser is no till: employees sign in with their PIN on a paired one (issue 10).
  return (
    <TillScreen title={heading.title} intro="Employees sign in with their PIN on a paired till." businessName={businessName}>
      <div className="grid justify-items-start gap-3 rounded-xl border bg-card p-6">
        <p>
          This browser is signed in as {data.user.email ?? data.user.phone_number ?? data.user.name}. Make it a till, or pair another device
          with a code from Settings → Tills.
        </p>
        <div className="flex flex-wrap gap-3">
          <OpenTillHere />
          <Button asChild variant="outline">
            <Link to="/dashboard">Continue to the dashboard</Link>
          </Button>
        </div>
      </div>
    </TillScreen>
  );
}
