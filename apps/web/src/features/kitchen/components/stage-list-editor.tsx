import { MAX_STAGES, MIN_STAGES, stageListProblem, type StageListInput } from '@till/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useSaveStageList } from '../api/kitchen';

/**
 * The kitchen's stages (decision 036): 2–6 names in order, one marked Ready (the order-ready
 * screen and the till), the last one served. Tickets already open move to the new list.
 */
export function StageListEditor({ stageList }: { stageList: StageListInput }) {
  const save = useSaveStageList();
  const [stages, setStages] = useState<string[]>(stageList.stages);
  const [readyIndex, setReadyIndex] = useState(stageList.readyIndex);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = stageList.stages.join('\u0000') + stageList.readyIndex;
  useEffect(() => {
    setStages(stageList.stages);
    setReadyIndex(stageList.readyIndex);
    // Re-read only when the saved list itself changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  const rename = (index: number, name: string) => setStages(stages.map((stage, at) => (at === index ? name : stage)));
  const removeAt = (index: number) => {
    setStages(stages.filter((_, at) => at !== index));
    if (readyIndex >= index && readyIndex > 0) setReadyIndex(readyIndex - 1);
  };
  const addBefore = () => {
    // A new stage goes before the served one, the usual place for Plating or Packing.
    const next = [...stages.slice(0, -1), '', stages[stages.length - 1]!];
    setStages(next);
    if (readyIndex >= stages.length - 1) setReadyIndex(readyIndex + 1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = stages.map((stage) => stage.trim());
    const why = stageListProblem(trimmed, readyIndex);
    if (why) return setProblem(why);
    setProblem(null);
    save.mutate({ stages: trimmed, readyIndex }, { onSuccess: () => toast.success('Stages saved'), onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border p-3" aria-labelledby="stage-list-title">
      <div>
        <h3 id="stage-list-title" className="font-semibold">
          Stages
        </h3>
        <p className="text-sm text-muted-foreground">
          The steps a ticket goes through, in order ({MIN_STAGES}–{MAX_STAGES}). The last one is served; the one marked Ready is what the till and the order-ready
          screen call ready.
        </p>
      </div>
      <ol className="grid gap-2">
        {stages.map((stage, index) => {
          const last = index === stages.length - 1;
          return (
            <li key={index} className="flex items-center gap-2">
              <span aria-hidden="true" className="w-5 text-right text-sm text-muted-foreground tabular-nums">
                {index + 1}.
              </span>
              <Input aria-label={`Stage ${index + 1} name`} className="min-w-0 flex-1" value={stage} maxLength={20} onChange={(event) => rename(index, event.target.value)} />
              {last ? (
                <span className="w-20 shrink-0 text-sm text-muted-foreground">Served</span>
              ) : (
                <label className="flex w-20 shrink-0 items-center gap-1.5 text-sm">
                  <input type="radio" name="ready-stage" checked={readyIndex === index} onChange={() => setReadyIndex(index)} aria-label={`Stage ${index + 1} is Ready`} />
                  Ready
                </label>
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-9 shrink-0"
                disabled={stages.length <= MIN_STAGES}
                onClick={() => removeAt(index)}
                aria-label={`Remove stage ${index + 1}`}
                title="Remove"
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={stages.length >= MAX_STAGES} onClick={addBefore}>
          Add a stage
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save stages
        </Button>
      </div>
    </form>
  );
}
