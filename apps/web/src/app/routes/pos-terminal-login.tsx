import { Navigate, useNavigate } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { TillScreen } from '@/components/till-screen';
import { Card, CardContent } from '@/components/ui/card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMe } from '@/lib/me';

/**
 * /pos-terminal-login (SPEC §2): the owner signs this till in once with their account; from
 * then on employees sign in on /pos-terminal with their PIN.
 */
export function PosTerminalLoginRoute() {
  useDocumentTitle('Terminal login');
  const navigate = useNavigate();
  const me = useMe();
  if (me.isPending || (me.isPlaceholderData && me.isFetching)) return <LoadingScreen />;
  if (me.data?.user) return <Navigate to="/pos-terminal" replace />;
  return (
    <TillScreen
      title="Terminal login"
      intro="Sign this till in with the business owner's account. Employees then sign in on it with their own PIN."
      businessName={null}
    >
      <Card className="w-full max-w-md">
        <CardContent>
          <SignInForm onSuccess={() => void navigate('/pos-terminal', { replace: true })} />
        </CardContent>
      </Card>
    </TillScreen>
  );
}
