import { allDayCounts, DEFAULT_STAGE_LIST, stageListFromWire, realtimeTopic, type KitchenTicketEvent } from '@till/core';
import { LoaderCircleIcon, Settings2Icon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { RealtimeStatusBadge } from '@/components/realtime-status-badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useMe } from '@/lib/me';
import { cn } from '@/lib/utils';
import { useBoard, useItemDone, useMoveStage } from '../api/kitchen';
import { EXPO_THRESHOLDS, ticketsForView } from '../lib/board-view';
import { playChime } from '../lib/chime';
import { CLEAR_AFTER_CHOICES, useDisplaySettings } from '../lib/display-settings';
import { useKitchenLive } from '../lib/use-kitchen-live';
import { ReadyScreen } from './ready-screen';
import { StationsDialog } from './stations-dialog';
import { TicketCard } from './ticket-card';

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** SPEC §2 /kitchen: the kitchen display (issue 16 item 3). `?station=<id>` one station, `?view=ready` the customers' screen. */
export function KitchenPage() {
  const me = useMe().data;
  const employeeSession = useEmployeeSession();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'ready' ? 'ready' : 'line';
  const board = useBoard();
  const stations = board.data?.stations ?? [];
  const stationId = params.get('station');
  const station = stations.find((row) => row.id === stationId) ?? null;
  const businessId = me?.business?.id ?? null;
  const [settings, updateSettings] = useDisplaySettings();
  const mutedRef = useRef(settings.muted);
  mutedRef.current = settings.muted;
  const onTicket = (event: KitchenTicketEvent) => {
    if (!mutedRef.current && (event.change === 'sent' || event.change === 'round' || event.change === 'fired') && view === 'line') playChime();
  };
  const topic = station ? realtimeTopic.station(station.id) : businessId ? realtimeTopic.business(businessId) : null;
  const channel = useKitchenLive(topic, onTicket);
  const now = useNow(1000);
  const [stationsOpen, setStationsOpen] = useState(false);
  const canConfigure = actorAdminPermissions(me, employeeSession).can_change_settings;

  const stageList = useMemo(() => (board.data ? stageListFromWire(board.data.stage_list) : DEFAULT_STAGE_LIST), [board.data]);
  const shown = useMemo(
    () => ticketsForView(board.data?.tickets ?? [], station, now, settings.clearAfterSeconds * 1000, stageList),
    [board.data, station, now, settings.clearAfterSeconds, stageList],
  );
  const allDay = useMemo(() => allDayCounts(shown.flatMap((row) => row.items)), [shown]);
  const thresholds = station ? { warnAfterSeconds: station.warn_after_seconds, lateAfterSeconds: station.late_after_seconds } : EXPO_THRESHOLDS;

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const lastBumped = useRef<{ ticketId: string; stage: string; stationId?: string } | null>(null);
  const move = useMoveStage();
  const itemDone = useItemDone();

  const bump = (ticketId: string) => {
    const row = shown.find((entry) => entry.ticket.id === ticketId);
    if (!row || !row.nextStageName) return;
    const to = row.nextStageName;
    move.mutate(
      { ticketId, direction: 'bump', from: row.stageName, ...(station ? { stationId: station.id } : {}) },
      {
        onSuccess: () => {
          lastBumped.current = { ticketId, stage: to, ...(station ? { stationId: station.id } : {}) };
        },
        onError: (error) => toast.error(`Ticket ${row.ticket.number} was not bumped`, { description: errorMessage(error) }),
      },
    );
  };
  const recall = () => {
    const last = lastBumped.current;
    if (!last) {
      toast.info('Nothing to recall yet');
      return;
    }
    move.mutate(
      { ticketId: last.ticketId, direction: 'recall', from: last.stage, ...(last.stationId ? { stationId: last.stationId } : {}) },
      {
        onSuccess: () => {
          lastBumped.current = null;
          setSelectedId(last.ticketId);
          toast.success('Ticket recalled');
        },
        onError: (error) => toast.error('The ticket was not recalled', { description: errorMessage(error) }),
      },
    );
  };

  // Keys (a bump bar or a keyboard): 1–9 pick a ticket, Enter bumps it, R or Backspace recalls the last bump.
  const keyState = useRef({ shown, selectedId, bump, recall });
  keyState.current = { shown, selectedId, bump, recall };
  useEffect(() => {
    if (view !== 'line') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (document.querySelector('[role="dialog"]')) return;
      const state = keyState.current;
      if (/^[1-9]$/.test(event.key)) {
        const row = state.shown[Number(event.key) - 1];
        if (row) setSelectedId(row.ticket.id);
        event.preventDefault();
      } else if (event.key === 'Enter') {
        const id = state.selectedId ?? state.shown.find((row) => row.stage !== 'served')?.ticket.id;
        if (id) state.bump(id);
        event.preventDefault();
      } else if (event.key === 'r' || event.key === 'R' || event.key === 'Backspace') {
        state.recall();
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view]);

  const choose = (next: { station?: string; view?: 'ready' }) => {
    const search = new URLSearchParams();
    if (next.station) search.set('station', next.station);
    if (next.view) search.set('view', next.view);
    setParams(search, { replace: true });
    setSelectedId(null);
    lastBumped.current = null;
  };

  if (view === 'ready') {
    return <ReadyScreen tickets={board.data?.tickets ?? []} channel={channel} onBack={() => choose({})} />;
  }

  return (
    <div className="flex min-h-[calc(100dvh-6rem)] flex-col gap-3">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-2xl font-bold">Kitchen</h1>
        <nav aria-label="Kitchen views" className="flex flex-wrap gap-1">
          <Button size="lg" variant={station ? 'outline' : 'default'} aria-pressed={!station} onClick={() => choose({})}>
            All (expo)
          </Button>
          {stations.map((row) => (
            <Button key={row.id} size="lg" variant={station?.id === row.id ? 'default' : 'outline'} aria-pressed={station?.id === row.id} onClick={() => choose({ station: row.id })}>
              {row.name}
            </Button>
          ))}
          <Button size="lg" variant="outline" onClick={() => choose({ view: 'ready' })}>
            Order ready screen
          </Button>
        </nav>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <RealtimeStatusBadge state={channel.state} error={channel.error} />
          <label className="flex items-center gap-2 text-sm">
            Clear served after
            <select
              className="h-9 rounded-md border bg-background px-2"
              value={settings.clearAfterSeconds}
              onChange={(event) => updateSettings({ clearAfterSeconds: Number(event.target.value) })}
            >
              {CLEAR_AFTER_CHOICES.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds < 60 ? `${seconds} s` : `${seconds / 60} min`}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="outline"
            size="icon"
            className="size-10"
            aria-pressed={settings.muted}
            aria-label={settings.muted ? 'Sound off: turn on the new-ticket sound' : 'Sound on: mute the new-ticket sound'}
            onClick={() => updateSettings({ muted: !settings.muted })}
          >
            {settings.muted ? <VolumeXIcon aria-hidden="true" /> : <Volume2Icon aria-hidden="true" />}
          </Button>
          {canConfigure ? (
            <Button variant="outline" onClick={() => setStationsOpen(true)}>
              <Settings2Icon aria-hidden="true" /> Stations
            </Button>
          ) : null}
        </div>
      </header>

      {board.isPending ? (
        <p role="status" className="flex items-center gap-2 text-lg text-muted-foreground">
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> Loading tickets...
        </p>
      ) : board.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4">
          <p className="font-medium">The tickets could not be loaded.</p>
          <p className="text-sm text-muted-foreground">{errorMessage(board.error)}</p>
          <Button className="mt-2" variant="outline" onClick={() => void board.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col gap-3 lg:flex-row">
          <section aria-label={station ? `${station.name} tickets` : 'All tickets'} className="min-w-0 flex-1">
            {shown.length === 0 ? (
              <div className="grid h-full min-h-64 place-items-center rounded-xl border-2 border-dashed p-8 text-center">
                <div>
                  <p className="text-2xl font-semibold">No tickets {station ? `for ${station.name}` : ''} right now</p>
                  <p className="mt-2 text-lg text-muted-foreground">
                    Orders sent from the till with “Send to kitchen” appear here at once.
                    {stations.length === 0 && canConfigure ? ' Add stations (Grill, Cold, Bar…) to split them by the categories each one prepares.' : ''}
                  </p>
                </div>
              </div>
            ) : (
              <div className="grid grid-cols-[repeat(auto-fill,minmax(18rem,1fr))] gap-3">
                {shown.map((row, index) => (
                  <TicketCard
                    key={row.ticket.id}
                    shown={row}
                    index={index}
                    selected={selectedId === row.ticket.id}
                    now={now}
                    thresholds={thresholds}
                    busy={move.isPending || itemDone.isPending}
                    onSelect={() => setSelectedId(row.ticket.id)}
                    onBump={() => bump(row.ticket.id)}
                    stageList={stageList}
                    onItemDone={(itemId) =>
                      itemDone.mutate({ ticketId: row.ticket.id, itemId }, { onError: (error) => toast.error('Not marked done', { description: errorMessage(error) }) })
                    }
                  />
                ))}
              </div>
            )}
          </section>
          <aside aria-label="All-day counts" className="shrink-0 rounded-xl border bg-card p-3 lg:w-60">
            <h2 className="text-lg font-bold">All day</h2>
            {allDay.length === 0 ? (
              <p className="text-muted-foreground">Nothing to cook.</p>
            ) : (
              <ul className="mt-1 grid gap-1">
                {allDay.map((row) => (
                  <li key={row.name} className="flex items-baseline justify-between gap-2 text-lg">
                    <span className="truncate">{row.name}</span>
                    <span className="font-bold tabular-nums">{row.quantity}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className={cn('mt-4 text-sm text-muted-foreground')}>Keys: 1–9 pick a ticket · Enter bumps · R recalls the last bump</p>
          </aside>
        </div>
      )}
      {canConfigure ? <StationsDialog open={stationsOpen} onOpenChange={setStationsOpen} stations={stations} stageList={stageList} /> : null}
    </div>
  );
}
