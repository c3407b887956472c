import { RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSystemHealth } from '../api/get-system-health';
import { databaseLabel, formatMegabytes, formatMs, formatUptime } from '../utils/format';

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-xl font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** /system-health: the server's own figures, read on each visit and on Refresh. */
export function SystemHealthPanel() {
  const health = useSystemHealth();
  const refresh = (
    <Button variant="outline" onClick={() => void health.refetch()} disabled={health.isFetching}>
      <RefreshCwIcon aria-hidden="true" className={health.isFetching ? 'animate-spin' : undefined} />
      {health.isFetching ? 'Refreshing...' : 'Refresh'}
    </Button>
  );

  return (
    <div className="grid gap-6">
      <PageHeader title="System health" description="How this server and its database are doing right now." actions={refresh} />
      {health.isError ? <ErrorAlert title="Could not read the system health" error={health.error} /> : null}
      {health.isPending ? (
        <p role="status" className="text-muted-foreground">
          Reading figures...
        </p>
      ) : health.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Database</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Figure term="Kind">{databaseLabel(health.data.database.kind)}</Figure>
                <Figure term="Round trip">{formatMs(health.data.database.round_trip_ms)}</Figure>
                <Figure term="Migrations applied">{health.data.migrations.applied}</Figure>
                <Figure term="Latest migration">
                  <span className="text-base break-all">{health.data.migrations.latest ?? 'None'}</span>
                </Figure>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Server</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Figure term="Uptime">{formatUptime(health.data.uptime_seconds)}</Figure>
                <Figure term="Version">{health.data.version}</Figure>
                <Figure term="Node.js">{health.data.node}</Figure>
              </dl>
            </CardContent>
          </Card>
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>Memory</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Figure term="Resident set">{formatMegabytes(health.data.memory.rss_bytes)}</Figure>
                <Figure term="Heap used">{formatMegabytes(health.data.memory.heap_used_bytes)}</Figure>
                <Figure term="Heap total">{formatMegabytes(health.data.memory.heap_total_bytes)}</Figure>
              </dl>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
