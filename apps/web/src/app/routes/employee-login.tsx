import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { TillScreen } from '@/components/till-screen';
import { Button } from '@/components/ui/button';
import { EmployeeSignIn } from '@/features/employee-login/components/employee-sign-in';
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
  const navigate = useNavigate();
  const me = useMe();
  const heading = HEADINGS[pathname] ?? HEADINGS['/employee-login']!;
  useDocumentTitle(heading.title);

  if (me.isPending || (me.isPlaceholderData && me.isFetching)) return <LoadingScreen />;
  const data = me.data;
  // Signing the device in here leads on to the PIN screen; from the back-office page, to the back office.
  if (!data?.user) {
    return pathname === '/employee-login' ? <AuthRoute onSignedIn={() => void me.refetch()} /> : <AuthRoute afterSignIn="/dashboard" />;
  }

  const businessName = data.settings?.business_name || data.business?.name || null;
  if (!data.settings?.authentication_enabled) {
    return (
      <TillScreen title={heading.title} intro="Employee sign-in with a PIN is switched off for this business." businessName={businessName}>
        <div className="grid justify-items-start gap-3 rounded-xl border bg-card p-6">
          <p>
            This device is signed in as {data.user.email ?? data.user.phoneNumber ?? data.user.name}. The owner can switch employee
            sign-in on under Settings.
          </p>
          <Button asChild>
            <Link to="/dashboard">Continue to the dashboard</Link>
          </Button>
        </div>
      </TillScreen>
    );
  }

  return (
    <TillScreen title={heading.title} intro={heading.intro} businessName={businessName}>
      <EmployeeSignIn
        onSignedIn={() => void navigate('/dashboard', { replace: true })}
      />
    </TillScreen>
  );
}
