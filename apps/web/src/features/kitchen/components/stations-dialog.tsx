import type { KitchenStationView, StageListInput } from '@till/core';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useDeleteStation, useKitchenCategories, useSaveStation } from '../api/kitchen';
import { StageListEditor } from './stage-list-editor';

interface Draft {
  id: string | null;
  name: string;
  categoryIds: string[];
  warnMinutes: string;
  lateMinutes: string;
}

const draftOf = (station: KitchenStationView | null): Draft => ({
  id: station?.id ?? null,
  name: station?.name ?? '',
  categoryIds: station?.category_ids ?? [],
  warnMinutes: String((station?.warn_after_seconds ?? 480) / 60),
  lateMinutes: String((station?.late_after_seconds ?? 900) / 60),
});

/** The owner's station set-up: each station's name, the categories it prepares, its timer colours. */
export function StationsDialog({
  open,
  onOpenChange,
  stations,
  stageList,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  stations: KitchenStationView[];
  stageList: StageListInput;
}) {
  const categories = useKitchenCategories(open);
  const save = useSaveStation();
  const remove = useDeleteStation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [problem, setProblem] = useState<string | null>(null);

  const warn = Math.round(Number(draft.warnMinutes) * 60);
  const late = Math.round(Number(draft.lateMinutes) * 60);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.name.trim()) return setProblem('Give the station a name, e.g. Grill.');
    if (!Number.isFinite(warn) || !Number.isFinite(late) || warn < 30 || late <= warn) return setProblem('Late must be more minutes than warn (warn at least half a minute).');
    setProblem(null);
    save.mutate(
      { id: draft.id, input: { name: draft.name.trim(), category_ids: draft.categoryIds, warn_after_seconds: warn, late_after_seconds: late } },
      {
        onSuccess: () => {
          toast.success(draft.id ? 'Station saved' : 'Station added');
          setDraft(draftOf(null));
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Kitchen stations</DialogTitle>
          <DialogDescription>Each station shows the tickets with items from its categories. The expo view shows everything.</DialogDescription>
        </DialogHeader>
        {stations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stations yet: add the first below.</p>
        ) : (
          <ul className="grid gap-2">
            {stations.map((station) => (
              <li key={station.id} className="flex items-center gap-2 rounded-lg border p-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{station.name}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    {station.category_ids.map((id) => categories.data?.find((row) => row.id === id)?.name ?? '…').join(', ') || 'No categories'} · warn{' '}
                    {station.warn_after_seconds / 60} min · late {station.late_after_seconds / 60} min
                  </p>
                </div>
                <Button variant="outline" className="h-8 px-2" onClick={() => setDraft(draftOf(station))}>
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  className="h-8 px-2"
                  onClick={() => remove.mutate(station.id, { onError: (error) => toast.error('Not removed', { description: errorMessage(error) }) })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border p-3">
          <h3 className="font-semibold">{draft.id ? `Edit ${draft.name || 'station'}` : 'Add a station'}</h3>
          <div className="grid gap-1.5">
            <Label htmlFor="station-name">Name</Label>
            <Input id="station-name" value={draft.name} maxLength={40} onChange={(event) => setDraft({ ...draft, name: event.target.value })} placeholder="Grill" />
          </div>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">Categories it prepares</legend>
            {categories.isPending ? (
              <p className="text-sm text-muted-foreground">Loading categories...</p>
            ) : (categories.data ?? []).length === 0 ? (
              <p className="text-sm text-muted-foreground">No categories yet: add some under Categories, then give each product one.</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {categories.data!.map((category) => {
                  const checked = draft.categoryIds.includes(category.id);
                  return (
                    <label key={category.id} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() =>
                          setDraft({ ...draft, categoryIds: checked ? draft.categoryIds.filter((id) => id !== category.id) : [...draft.categoryIds, category.id] })
                        }
                      />
                      {category.name}
                    </label>
                  );
                })}
              </div>
            )}
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="station-warn">Amber after (minutes)</Label>
              <Input id="station-warn" inputMode="decimal" value={draft.warnMinutes} onChange={(event) => setDraft({ ...draft, warnMinutes: event.target.value })} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="station-late">Red after (minutes)</Label>
              <Input id="station-late" inputMode="decimal" value={draft.lateMinutes} onChange={(event) => setDraft({ ...draft, lateMinutes: event.target.value })} />
            </div>
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            {draft.id ? (
              <Button type="button" variant="outline" onClick={() => setDraft(draftOf(null))}>
                Cancel edit
              </Button>
            ) : null}
            <Button type="submit" disabled={save.isPending}>
              {draft.id ? 'Save station' : 'Add station'}
            </Button>
          </div>
        </form>
        <StageListEditor stageList={stageList} />
      </DialogContent>
    </Dialog>
  );
}
