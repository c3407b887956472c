import { useQueryClient } from '@tanstack/react-query';
import { isPosRole } from '@till/core';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmployeeSignIn } from '@/features/employee-login/components/employee-sign-in';
import { forgetActorQueries } from '@/lib/actor-queries';
import { clearEmployeeSession, useEmployeeSession } from '@/lib/employee-session';
import { EMPLOYEE_ROLE_LABELS } from '@/lib/employee-roles';
import { useMe } from '@/lib/me';

/** Where an employee's till work starts: the POS for POS roles (SPEC §6), the dashboard for the others. */
const startPage = (role: Parameters<typeof isPosRole>[0]) => (isPosRole(role) ? '/employee-pos' : '/dashboard');

/** /pos-terminal (SPEC §2, no guard): the shared till's PIN pad, leading to the POS. */
export function PosTerminalRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const session = useEmployeeSession();

  if (me.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    );
  }

  if (!me.data?.user) {
    return (
      <div className="grid gap-6">
        <PageHeader title="POS Terminal" description="This till is not signed in to a business yet." />
        <Card className="max-w-lg">
          <CardHeader>
            <CardTitle>Sign in this terminal</CardTitle>
            <CardDescription>The owner signs the till in once; employees then use their PIN here.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild size="lg">
              <Link to="/pos-terminal-login">Terminal login</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  if (session) {
    return (
      <div className="grid gap-6">
        <PageHeader title="POS Terminal" description="The till is open." />
        <Card className="max-w-lg">
          <CardHeader>
            <CardTitle>{session.employee_name} is signed in</CardTitle>
            <CardDescription>{EMPLOYEE_ROLE_LABELS[session.employee_role]}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={startPage(session.employee_role)}>{isPosRole(session.employee_role) ? 'Open the POS' : 'Open the dashboard'}</Link>
            </Button>
            {/* SPEC §4 plain logout: the shift stays open, the next person signs in. */}
            <Button size="lg" variant="outline" onClick={() => {
                forgetActorQueries(queryClient);
                clearEmployeeSession();
              }}>
              Switch employee
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader title="POS Terminal" description="Tap your name, then enter your PIN to open the till." />
      <div className="max-w-3xl">
        <EmployeeSignIn onSignedIn={(signedIn) => void navigate(startPage(signedIn.employee_role), { replace: true })} />
      </div>
    </div>
  );
}
