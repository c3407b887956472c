import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRevokeSession, useSessions, useSignOutOthers } from '../api/two-factor';

/** A short name for a browser from its user agent. */
function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

/** Where the account is signed in, with a way to end one session or all the others. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = useSignOutOthers();
  const list = sessions.data?.sessions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in sessions</CardTitle>
        <CardDescription>Browsers where your account is signed in. End any you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isError ? <ErrorAlert error={sessions.error} /> : null}
        {revoke.isError ? <ErrorAlert error={revoke.error} /> : null}
        {others.isError ? <ErrorAlert error={others.error} /> : null}
        <ul aria-label="Signed-in browsers" className="grid gap-2">
          {list.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
              <div className="grid gap-0.5">
                <span className="font-medium">{browserName(session.user_agent)}</span>
                <span className="text-sm text-muted-foreground">
                  Last active {new Date(session.last_active_at).toLocaleString()}
                  {session.ip_address ? ` · ${session.ip_address}` : ''}
                </span>
              </div>
              {session.current ? (
                <Badge variant="secondary">This browser</Badge>
              ) : (
                <Button type="button" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(session.id)}>
                  End session
                </Button>
              )}
            </li>
          ))}
        </ul>
        {list.length > 1 ? (
          <Button type="button" variant="outline" className="justify-self-start" disabled={others.isPending} onClick={() => others.mutate()}>
            Sign out all other sessions
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
