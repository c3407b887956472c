import { MESSAGES } from '@till/core';
import { Navigate, Outlet, useNavigate, useOutletContext } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { AssignOwnerCard } from '@/features/business-setup/components/assign-owner-card';
import { CreateBusinessSettings } from '@/features/business-setup/components/create-business-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMe, type BusinessSettings, type Me, type MeUser } from '@/lib/me';
import { AppShell } from './app-shell';

/** What every page inside the guard can rely on. */
export type SignedInContext = Me & { user: MeUser; settings: BusinessSettings };

export function useSignedIn(): SignedInContext {
  return useOutletContext<SignedInContext>();
}

function FetchMeFailed({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <div className="grid w-full max-w-md gap-4">
        <h1 className="sr-only">Something went wrong</h1>
        <ErrorAlert title={MESSAGES.fetchSettingsFailed} error={error} />
        <Button variant="outline" onClick={onRetry} disabled={retrying} className="justify-self-start">
          {retrying ? 'Retrying...' : 'Try again'}
        </Button>
      </div>
    </div>
  );
}

function AssignOwnerStep({ businessName, fullName }: { businessName: string; fullName: string }) {
  useDocumentTitle('Assign business owner');
  return (
    <div className="grid justify-items-center gap-6">
      <div className="grid w-full max-w-lg gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Finish setting up {businessName}</h1>
        <p className="text-muted-foreground">One step left before you can start selling.</p>
      </div>
      <AssignOwnerCard defaultFullName={fullName} />
    </div>
  );
}

/**
 * The guard for signed-in pages (SPEC §2, §4, §6): Loading... while /api/me loads, /auth when
 * signed out, default settings created when missing, and an owner assigned before the page.
 */
export function ProtectedLayout() {
  const me = useMe();
  const navigate = useNavigate();

  if (me.isPending) return <LoadingScreen />;
  if (me.isError && !me.data) {
    return <FetchMeFailed error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  }

  const data = me.data;
  if (!data.user) {
    // A signed-out answer that is being re-checked (e.g. just after signing in) is not final.
    return me.isFetching ? <LoadingScreen /> : <Navigate to={paths.auth} replace />;
  }
  if (!data.settings) return <CreateBusinessSettings />;

  const { user, settings, profile } = data;
  const signOut = <SignOutButton onSignedOut={() => void navigate(paths.auth, { replace: true })} />;

  return (
    <AppShell businessName={settings.business_name || data.business?.name || null} actions={signOut}>
      {settings.has_business_owner ? (
        <Outlet context={{ ...data, user, settings } satisfies SignedInContext} />
      ) : (
        <AssignOwnerStep
          businessName={settings.business_name || 'your business'}
          fullName={profile?.full_name ?? user.name ?? ''}
        />
      )}
    </AppShell>
  );
}
