import { formatElapsed, ORDER_TYPE_LABELS, timerLevel, type StageListInput } from '@till/core';
import { CheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { bumpLabel, type DisplayTicket } from '../lib/board-view';

const LEVEL_CLASSES = {
  ok: 'bg-emerald-700 text-white',
  warn: 'bg-amber-500 text-black',
  late: 'bg-red-700 text-white',
} as const;

export function TicketCard({
  shown,
  index,
  selected,
  now,
  thresholds,
  busy,
  onSelect,
  onBump,
  onItemDone,
  stageList,
}: {
  shown: DisplayTicket;
  index: number;
  selected: boolean;
  now: number;
  thresholds: { warnAfterSeconds: number; lateAfterSeconds: number };
  busy: boolean;
  onSelect: () => void;
  onBump: () => void;
  onItemDone: (itemId: string) => void;
  stageList: StageListInput;
}) {
  const { ticket, items, stage, stageName } = shown;
  const bumpTo = bumpLabel(shown, stageList);
  const served = stage === 'served';
  const elapsed = (now - Date.parse(ticket.created_at)) / 1000;
  const level = served ? 'ok' : timerLevel(elapsed, thresholds);
  const where = ticket.order_type === 'dine_in' ? `Table ${ticket.table ?? '?'}` : ORDER_TYPE_LABELS[ticket.order_type];
  return (
    <article
      aria-label={`Ticket ${ticket.number}, ${where}, ${stageName}`}
      data-stage={stage}
      data-stage-name={stageName}
      className={cn(
        'flex min-w-0 flex-col overflow-hidden rounded-xl border-2 bg-card text-card-foreground shadow-sm',
        selected ? 'border-primary ring-4 ring-primary/40' : 'border-border',
        served && 'opacity-60',
      )}
      onClick={onSelect}
    >
      <header className={cn('grid gap-0.5 px-3 py-2', served ? 'bg-muted text-muted-foreground' : LEVEL_CLASSES[level])}>
        <div className="flex items-center gap-3">
          {index < 9 ? (
            <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-md bg-black/25 text-base font-bold">
              {index + 1}
            </span>
          ) : null}
          <span className="flex-1 text-3xl leading-none font-extrabold tabular-nums">#{ticket.number}</span>
          <span className="text-2xl font-bold tabular-nums" aria-label={`Waiting ${formatElapsed(elapsed)}`}>
            {formatElapsed(elapsed)}
          </span>
        </div>
        <p className="text-lg font-semibold">
          {where}
          {ticket.guests ? <span className="font-normal"> · {ticket.guests} guests</span> : null}
        </p>
      </header>
      <ul className="grid flex-1 content-start gap-1 px-3 py-2">
        {items.map((item) => {
          const live = !item.voided && !item.held;
          const done = live && (item.stage === 'ready' || item.stage === 'served');
          return (
            <li key={item.id} className={cn('flex items-start gap-2 border-b border-dashed py-1 last:border-b-0', !live && 'text-muted-foreground')}>
              <div className="min-w-0 flex-1">
                <p className={cn('text-xl leading-tight font-semibold', item.voided && 'line-through decoration-2', done && 'text-emerald-800')}>
                  {done ? <CheckIcon aria-label="Done" className="mr-1 inline size-5 align-[-2px]" /> : null}
                  <span className="tabular-nums">{item.quantity}×</span> {item.name}
                  {item.round > 1 ? <span className="ml-2 rounded bg-sky-100 px-1.5 text-sm font-bold text-sky-900 no-underline">Round {item.round}</span> : null}
                </p>
                {item.voided ? <p className="text-base font-extrabold text-red-700 uppercase">Void</p> : null}
                {item.held ? <p className="text-base font-bold text-muted-foreground uppercase">Held · wait for fire</p> : null}
                {item.modifiers.length ? (
                  <ul aria-label={`Modifiers of ${item.name}`} className="mt-0.5 flex flex-wrap gap-1">
                    {item.modifiers.map((modifier) => (
                      <li key={modifier.option_id} className="rounded border-l-4 border-indigo-700 bg-indigo-100 px-2 py-0.5 text-lg leading-tight font-bold text-indigo-950">
                        {modifier.name}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {item.changed_from && !item.voided ? (
                  <p className="text-base font-bold text-orange-700">
                    Changed · was <s>{item.changed_from.quantity}×{item.changed_from.note ? ` (${item.changed_from.note})` : ''}</s>
                    {item.changed_from.modifiers ? <s> {item.changed_from.modifiers.map((modifier) => modifier.name).join(', ') || 'no options'}</s> : null}
                  </p>
                ) : null}
                {item.note ? <p className="mt-0.5 rounded bg-amber-200 px-2 py-0.5 text-lg font-bold text-amber-950">{item.note}</p> : null}
              </div>
              {live && !done && !served ? (
                <Button
                  variant="outline"
                  size="icon"
                  className="size-10 shrink-0"
                  aria-label={`${item.name} done`}
                  disabled={busy}
                  onClick={(event) => {
                    event.stopPropagation();
                    onItemDone(item.id);
                  }}
                >
                  <CheckIcon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <footer className="flex items-center gap-2 border-t px-3 py-2">
        <span className="flex-1 text-lg font-semibold">{stageName}</span>
        {bumpTo ? (
          <Button
            size="lg"
            className="min-h-12 px-5 text-lg"
            disabled={busy}
            onClick={(event) => {
              event.stopPropagation();
              onBump();
            }}
          >
            {bumpTo}
          </Button>
        ) : null}
      </footer>
    </article>
  );
}
