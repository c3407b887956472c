import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { TillScreen } from '@/components/till-screen';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { OpenTillHere } from '@/features/registers/components/open-till-here';
import { PairDeviceForm } from '@/features/registers/components/pair-device-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMe } from '@/lib/me';

/**
 * /pos-terminal-login (SPEC §2): make this device a till, once, with a pairing code from the
 * owner's Settings → Tills. The device then holds its own till credential, never an account
 * (issue 10 item 1); employees sign in on it at /pos-terminal with their PIN.
 */
export function PosTerminalLoginRoute() {
  useDocumentTitle('Terminal login');
  const me = useMe();
  if (me.isPending || (me.isPlaceholderData && me.isFetching)) return <LoadingScreen />;
  if (me.data?.till) return <Navigate to="/pos-terminal" replace />;
  return (
    <TillScreen
      title="Terminal login"
      intro="Pair this device as a till. Employees then sign in on it with their own PIN."
      businessName={me.data?.settings?.business_name ?? null}
    >
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>Pair with a code</CardTitle>
          <CardDescription>Ask the owner for a code from Settings → Tills.</CardDescription>
        </CardHeader>
        <CardContent>
          <PairDeviceForm />
        </CardContent>
      </Card>
      {me.data?.user ? (
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle>You are signed in as the owner</CardTitle>
            <CardDescription>Open the till on this browser without a code; you are signed out of it.</CardDescription>
          </CardHeader>
          <CardContent>
            <OpenTillHere variant="outline" />
          </CardContent>
        </Card>
      ) : null}
    </TillScreen>
  );
}
