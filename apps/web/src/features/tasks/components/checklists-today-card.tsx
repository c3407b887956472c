import { CHECKLIST_KIND_LABELS } from '@till/core';
import { useQueries } from '@tanstack/react-query';
import { ClipboardCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { todayChecklistsQuery } from '../api/checklists-api';

/**
 * The dashboard's card of today's opening, closing and daily checklists (issue 20 item 8,
 * decision 065): per store, each list's ticked and total items; overdue lists (not done past their
 * hour in the store's time zone) are highlighted. Nothing when no list is due today.
 * `stores`: the open stores to show (empty: the business's main store).
 */
export function ChecklistsTodayCard({ stores }: { stores: { id: string; name: string }[] }) {
  const storeIds = stores.length ? stores.map((store) => store.id) : [undefined];
  const days = useQueries({ queries: storeIds.map((id) => todayChecklistsQuery(id)) });
  const shown = days.flatMap((query) => (query.data && query.data.checklists.length ? [query.data] : []));
  if (shown.length === 0) return null;
  const overdue = shown.reduce((sum, day) => sum + day.checklists.filter((list) => list.overdue).length, 0);
  return (
    <section aria-labelledby="checklists-today" className="grid gap-3 rounded-lg border p-4">
      <h2 id="checklists-today" className="flex flex-wrap items-center gap-2 font-semibold">
        <ClipboardCheckIcon aria-hidden="true" className="size-5" />
        Today’s checklists
        {overdue ? <Badge variant="warning">{overdue === 1 ? '1 overdue' : `${overdue} overdue`}</Badge> : null}
      </h2>
      {shown.map((day) => (
        <div key={day.store.id} className="grid gap-1">
          {shown.length > 1 || stores.length > 1 ? <h3 className="text-sm font-medium text-muted-foreground">{day.store.name}</h3> : null}
          <ul className="grid gap-1 text-sm" aria-label={`Checklists at ${day.store.name}`}>
            {day.checklists.map((list) => (
              <li
                key={list.id}
                className={cn('flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1.5', list.overdue ? 'bg-amber-50 text-amber-950 ring-1 ring-amber-200' : 'bg-muted/40')}
              >
                <span>
                  <span className="font-medium">{list.name}</span>
                  <span className={list.overdue ? 'text-amber-900' : 'text-muted-foreground'}> · {CHECKLIST_KIND_LABELS[list.kind]}</span>
                </span>
                <span className="flex items-center gap-2 tabular-nums">
                  {list.overdue ? <Badge variant="warning">Overdue</Badge> : list.progress.complete ? <Badge variant="success">Done</Badge> : null}
                  <span aria-label={`${list.progress.done} of ${list.progress.total} ticked`}>
                    {list.progress.done}/{list.progress.total}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <Link to="/tasks" className="justify-self-start text-sm font-medium underline underline-offset-4">
        Open the checklists
      </Link>
    </section>
  );
}
