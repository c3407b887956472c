import {
  CHECKLIST_ITEM_MAX,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_KIND_LABELS,
  CHECKLIST_KINDS,
  CHECKLIST_NAME_MAX,
  ISO_WEEKDAYS,
  WEEKDAY_SHORT_LABELS,
  type ChecklistKind,
} from '@till/core';
import { ListChecksIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useChecklists, useDeleteChecklist, useSaveChecklist, useTickChecklistItem, useTodayChecklists, type Checklist } from '../api/checklists-api';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
const EVERY_STORE = '';

function ChecklistForm({ checklist, stores, onDone }: { checklist: Checklist | null; stores: { id: string; name: string }[]; onDone: () => void }) {
  const save = useSaveChecklist();
  const [name, setName] = useState(checklist?.name ?? '');
  const [kind, setKind] = useState<ChecklistKind>(checklist?.kind ?? 'opening');
  const [storeId, setStoreId] = useState(checklist?.store_id ?? EVERY_STORE);
  const [weekdays, setWeekdays] = useState<number[]>(checklist?.weekdays ?? [...ISO_WEEKDAYS]);
  const [items, setItems] = useState((checklist?.items ?? []).map((item) => item.text).join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const lines = items
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <form
      noValidate
      aria-label={checklist ? `Edit ${checklist.name}` : 'New checklist'}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return setProblem('Name the checklist');
        if (weekdays.length === 0) return setProblem('Choose at least one day');
        if (lines.length === 0) return setProblem('Add at least one thing to tick off, one per line');
        if (lines.length > CHECKLIST_ITEMS_MAX) return setProblem(`A checklist holds at most ${CHECKLIST_ITEMS_MAX} items`);
        if (lines.some((line) => line.length > CHECKLIST_ITEM_MAX)) return setProblem(`Keep each item under ${CHECKLIST_ITEM_MAX} characters`);
        setProblem(null);
        save.mutate(
          { id: checklist?.id ?? null, body: { name: name.trim(), kind, store_id: storeId || null, weekdays, items: lines } },
          {
            onSuccess: () => {
              toast.success(checklist ? 'Checklist saved' : `Checklist “${name.trim()}” added`);
              onDone();
            },
          },
        );
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="checklist-name">Name</Label>
          <Input id="checklist-name" autoComplete="off" maxLength={CHECKLIST_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field>
          <Label htmlFor="checklist-kind">When</Label>
          <select id="checklist-kind" className={selectClass} value={kind} onChange={(event) => setKind(event.target.value as ChecklistKind)}>
            {CHECKLIST_KINDS.map((option) => (
              <option key={option} value={option}>
                {CHECKLIST_KIND_LABELS[option]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {stores.length > 1 ? (
        <Field>
          <Label htmlFor="checklist-store">Store</Label>
          <select id="checklist-store" className={selectClass} value={storeId} onChange={(event) => setStoreId(event.target.value)}>
            <option value={EVERY_STORE}>Every store</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Days</legend>
        <div className="flex flex-wrap gap-2">
          {ISO_WEEKDAYS.map((day) => (
            <label key={day} className="flex min-h-11 items-center gap-2 rounded-md border px-3 text-sm sm:min-h-9">
              <input
                type="checkbox"
                className="size-4"
                checked={weekdays.includes(day)}
                onChange={(event) => setWeekdays((days) => (event.target.checked ? [...days, day].sort() : days.filter((other) => other !== day)))}
              />
              {WEEKDAY_SHORT_LABELS[day]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field>
        <Label htmlFor="checklist-items">Things to tick off, one per line</Label>
        <Textarea id="checklist-items" rows={6} value={items} onChange={(event) => setItems(event.target.value)} placeholder={'Unlock the door\nCount the float\nSwitch on the card reader'} />
      </Field>
      <FieldError>{problem}</FieldError>
      {save.error ? <ErrorAlert title="The checklist could not be saved" error={save.error} /> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save checklist'}
        </Button>
      </div>
    </form>
  );
}

/** The owner's, an admin's or a manager's list of checklists, to add, change or delete. */
function ManageChecklists({ stores }: { stores: { id: string; name: string }[] }) {
  const all = useChecklists(true);
  const remove = useDeleteChecklist();
  const [editing, setEditing] = useState<Checklist | 'new' | null>(null);
  const storeName = (id: string | null) => (id ? (stores.find((store) => store.id === id)?.name ?? 'A closed store') : 'Every store');
  if (editing) return <ChecklistForm checklist={editing === 'new' ? null : editing} stores={stores} onDone={() => setEditing(null)} />;
  return (
    <div className="grid gap-3">
      {all.isError ? <ErrorAlert title="The checklists could not be loaded" error={all.error} /> : null}
      {all.data?.length === 0 ? <p className="text-muted-foreground">No checklists yet. Add the opening and closing routines your team follows.</p> : null}
      <ul className="grid gap-2" aria-label="All checklists">
        {(all.data ?? []).map((checklist) => (
          <li key={checklist.id} className="flex flex-wrap items-center gap-2 rounded-md border p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{checklist.name}</p>
              <p className="text-sm text-muted-foreground">
                {CHECKLIST_KIND_LABELS[checklist.kind]} · {checklist.items.length} items · {checklist.weekdays.length === 7 ? 'every day' : checklist.weekdays.map((day) => WEEKDAY_SHORT_LABELS[day as 1]).join(', ')}
                {stores.length > 1 ? ` · ${storeName(checklist.store_id)}` : ''}
              </p>
            </div>
            <Button variant="outline" onClick={() => setEditing(checklist)}>
              <PencilIcon aria-hidden="true" /> Edit<span className="sr-only"> {checklist.name}</span>
            </Button>
            <Button
              variant="outline"
             
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the checklist “${checklist.name}” and its history?`)) {
                  remove.mutate(checklist.id, { onSuccess: () => toast.success('Checklist deleted'), onError: (error) => toast.error(errorMessage(error)) });
                }
              }}
            >
              <Trash2Icon aria-hidden="true" /> Delete<span className="sr-only"> {checklist.name}</span>
            </Button>
          </li>
        ))}
      </ul>
      <Button className="justify-self-start" onClick={() => setEditing('new')}>
        <PlusIcon aria-hidden="true" /> New checklist
      </Button>
    </div>
  );
}

/**
 * Today's opening, closing and daily checklists for a store (decision 056): anyone ticks items
 * off, on a till through the employee session; the owner, admins and managers set them up.
 */
export function ChecklistsSection({ canManage, stores: activeStores }: { canManage: boolean; stores: { id: string; name: string }[] }) {
  const [storeId, setStoreId] = useState<string | undefined>(undefined);
  const today = useTodayChecklists(storeId);
  // The box a cashier just clicked, until its answer is in the lists. The cache's own optimistic
  // update reaches the screen a task later (after React has put the controlled box back), so the
  // click would not visibly change the box at once; this state is rendered with the click itself.
  const [ticking, setTicking] = useState<Record<string, boolean>>({});
  const tick = useTickChecklistItem(storeId, ({ itemId }, error) => {
    if (error) toast.error(errorMessage(error));
    // Let go once the lists hold the answer: the query's update is delivered on a zero-delay timer queued before this one.
    setTimeout(() =>
      setTicking((boxes) => {
        const { [itemId]: _settled, ...rest } = boxes;
        return rest;
      }),
    );
  });
  const onTick = (checklistId: string, itemId: string, done: boolean) => {
    setTicking((boxes) => ({ ...boxes, [itemId]: done }));
    tick.mutate({ checklistId, itemId, done });
  };
  const [managing, setManaging] = useState(false);
  const lists = today.data?.checklists ?? [];

  return (
    <section aria-labelledby="checklists-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="checklists-heading" className="text-lg font-semibold">
            Today’s checklists
          </h2>
          {today.data ? (
            <p className="text-sm text-muted-foreground">
              {today.data.store.name} · {new Date(`${today.data.day}T12:00:00`).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {activeStores.length > 1 ? (
            <Field>
              <Label htmlFor="checklist-store-picker">Store</Label>
              <select id="checklist-store-picker" className={selectClass} value={storeId ?? today.data?.store.id ?? ''} onChange={(event) => setStoreId(event.target.value)}>
                {activeStores.map((store) => (
                  <option key={store.id} value={store.id}>
                    {store.name}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          {canManage ? (
            <Button variant="outline" onClick={() => setManaging(true)}>
              <ListChecksIcon aria-hidden="true" /> Manage checklists
            </Button>
          ) : null}
        </div>
      </div>
      {today.isError ? <ErrorAlert title="Today’s checklists could not be loaded" error={today.error} /> : null}
      {today.isSuccess && lists.length === 0 ? (
        <p className="text-sm text-muted-foreground">{canManage ? 'No checklist is due today. Set up the opening and closing routines with “Manage checklists”.' : 'No checklist is due today.'}</p>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        {lists.map((checklist) => (
          <Card key={checklist.id} data-testid="checklist">
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle as="h3" className="text-base">
                  {checklist.name}
                </CardTitle>
                <Badge variant={checklist.progress.complete ? 'default' : 'outline'}>
                  {checklist.progress.complete ? 'All done' : `${checklist.progress.done} of ${checklist.progress.total} done`}
                </Badge>
              </div>
              <CardDescription>{CHECKLIST_KIND_LABELS[checklist.kind]} checklist</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1" aria-label={checklist.name}>
                {checklist.items.map((item) => (
                  <li key={item.id}>
                    <label className="flex min-h-11 items-center gap-3 text-sm sm:min-h-9">
                      <input
                        type="checkbox"
                        className="size-5"
                        checked={ticking[item.id] ?? item.done}
                        onChange={(event) => onTick(checklist.id, item.id, event.target.checked)}
                      />
                      <span className={item.done ? 'text-muted-foreground line-through' : ''}>{item.text}</span>
                      {item.done && item.done_by ? (
                        <span className="ml-auto text-xs text-muted-foreground">
                          {item.done_by}, {new Date(item.done_at!).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
                        </span>
                      ) : null}
                    </label>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
      <Dialog open={managing} onOpenChange={setManaging}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Checklists</DialogTitle>
            <DialogDescription>Routines staff tick off each day, on a till or a phone.</DialogDescription>
          </DialogHeader>
          {managing ? <ManageChecklists stores={activeStores} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
