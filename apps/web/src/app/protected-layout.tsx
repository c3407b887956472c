import { evaluateRouteGuard, MESSAGES, type AppRoute } from '@till/core';
import { Navigate, Outlet, useOutletContext } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useEmployeeSession } from '@/lib/employee-session';
import { buildGuardContext } from '@/lib/guard-context';
import { useMe, type BusinessSettings, type Me } from '@/lib/me';
import { useSuperAdminStatus } from '@/lib/super-admin';
import { useCurrentAppRoute } from './route-handle';
import { BusinessUpdates } from './business-updates';
import { AppShell } from './shell/app-shell';

// Seen once per business (set-up), so their forms are not in every page's code.
const AssignOwnerCard = lazy(() => import('@/features/business-setup/components/assign-owner-card').then((module) => ({ default: module.AssignOwnerCard })));
const CreateBusinessSettings = lazy(() =>
  import('@/features/business-setup/components/create-business-settings').then((module) => ({ default: module.CreateBusinessSettings })),
);

/** What every page behind the login guard can rely on; on a paired till there is no account (`user` null). */
export type SignedInContext = Me & { settings: BusinessSettings };

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

function AssignOwnerStep({ businessName, fullName, email }: { businessName: string; fullName: string; email: string }) {
  useDocumentTitle('Assign business owner');
  return (
    <div className="grid justify-items-center gap-6">
      <div className="grid w-full max-w-lg gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Finish setting up {businessName}</h1>
        <p className="text-muted-foreground">One step left before you can start selling.</p>
      </div>
      <Suspense fallback={<LoadingScreen />}>
        <AssignOwnerCard defaultFullName={fullName} defaultEmail={email} />
      </Suspense>
    </div>
  );
}

function SuperAdminCheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="grid max-w-lg gap-4">
      <h1 className="sr-only">Access check failed</h1>
      {/* SPEC §8: this text, instead of the page. */}
      <ErrorAlert title={MESSAGES.checkSuperAdminFailed} />
      <Button variant="outline" onClick={onRetry} disabled={retrying} className="justify-self-start">
        {retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}

function ShellPage({ route, me }: { route: AppRoute; me: Me | undefined }) {
  useDocumentTitle(route.title);
  const guarded = route.kind === 'login' || route.kind === 'super-admin';
  if (guarded && me?.user && me.settings && !me.settings.has_business_owner) {
    return (
      <AssignOwnerStep
        businessName={me.settings.business_name || 'your business'}
        fullName={me.profile?.full_name ?? me.user.name ?? ''}
        email={me.user.email ?? ''}
      />
    );
  }
  const context = guarded && (me?.user || me?.till) && me.settings ? ({ ...me, settings: me.settings } satisfies SignedInContext) : me;
  return <Outlet context={context} />;
}

/**
 * Every route inside the app shell (SPEC §2): the guard that @till/core's evaluateRouteGuard
 * decides, business setup before any login-guarded page (SPEC §4), then the shell and the page.
 */
export function ProtectedLayout() {
  const route = useCurrentAppRoute();
  const me = useMe();
  const employeeSession = useEmployeeSession();
  const isSuperAdminRoute = route?.kind === 'super-admin';
  const superAdmin = useSuperAdminStatus(me.data?.user?.id ?? null, isSuperAdminRoute && !me.isPlaceholderData);

  if (!route) return <Navigate to="/" replace />;
  const guarded = route.kind === 'login' || route.kind === 'super-admin';

  if (guarded) {
    if (me.isError && !me.data) {
      return <FetchMeFailed error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
    }
    if (!me.data) return <LoadingScreen />;
    if (!me.data.user && !me.data.till) {
      // A signed-out answer that is being re-checked (e.g. just after signing in) is not final.
      return me.isFetching ? <LoadingScreen /> : <Navigate to="/auth" replace />;
    }
    // Signed in with a password, the second factor still to come: back to the sign-in screen.
    if (me.data.user && me.data.second_step && !me.isPlaceholderData) return <Navigate to="/auth" replace />;
    if (!me.data.settings) return me.isPlaceholderData ? <LoadingScreen /> : (
      <Suspense fallback={<LoadingScreen />}>
        <CreateBusinessSettings />
      </Suspense>
    );
  }

  const ctx = buildGuardContext({
    me: me.data,
    meLoading: me.isPending,
    superAdminStatus: isSuperAdminRoute ? (superAdmin.data?.is_super_admin ?? null) : me.data?.is_super_admin === true,
    employeeSession,
  });
  const decision = evaluateRouteGuard(route, ctx);

  if (decision.outcome === 'redirect') {
    // On a paired till, nobody signed in means the till's own PIN pad.
    if (me.data?.till && decision.to === '/employee-login') return <Navigate to="/pos-terminal" replace />;
    // A cached profile may be out of date: turn someone away only on the server's own answer.
    return me.isPlaceholderData && route.kind !== 'employee-pos' ? <LoadingScreen /> : <Navigate to={decision.to} replace />;
  }
  if (decision.outcome === 'loading') {
    if (isSuperAdminRoute && superAdmin.isError) {
      return (
        <AppShell route={route}>
          <SuperAdminCheckFailed onRetry={() => void superAdmin.refetch()} retrying={superAdmin.isFetching} />
        </AppShell>
      );
    }
    return <LoadingScreen />;
  }

  // A till's PIN pad (and its clock-in offer) fills the screen: there is no menu to offer yet. The
  // same tree with or without a session, so signing in does not remount the pad half-way.
  if (me.data?.till && route.path === '/pos-terminal') return <Outlet context={me.data} />;

  return (
    <AppShell route={route}>
      <BusinessUpdates businessId={me.data?.user || me.data?.till ? (me.data.business?.id ?? null) : null} />
      <ShellPage route={route} me={me.data} />
    </AppShell>
  );
}
