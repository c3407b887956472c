import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSetModifierGroups } from '../api/set-modifier-groups';
import type { Product } from '../api/types';
import { draftsToBody, emptyGroup, emptyOption, groupsToDrafts, type GroupDraft, type OptionDraft } from '../utils/modifier-form';

/**
 * A product's modifier groups (decision 035): e.g. "Doneness" (required, choose 1: rare, medium,
 * well) and "Extras" (optional, up to 3: "Extra cheese" +1.00). The till asks for them when the
 * product is tapped; the server prices them. Needs the rights to edit details and prices.
 */
export function ModifierGroupsDialog({ product, currency, onClose }: { product: Product; currency: string; onClose: () => void }) {
  const id = useId();
  const [groups, setGroups] = useState<GroupDraft[]>(() => groupsToDrafts(product.modifier_groups, currency));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetModifierGroups();

  const updateGroup = (key: string, change: Partial<GroupDraft>) => setGroups((all) => all.map((group) => (group.key === key ? { ...group, ...change } : group)));
  const updateOption = (group: GroupDraft, key: string, change: Partial<OptionDraft>) =>
    updateGroup(group.key, { options: group.options.map((option) => (option.key === key ? { ...option, ...change } : option)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftsToBody(groups, currency);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    save.mutate(
      { id: product.id, body: result.body },
      {
        onSuccess: () => {
          toast.success(`Modifiers of ${product.name} saved`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Modifiers: {product.name}</DialogTitle>
            <DialogDescription>Choices the till asks for when this product is added, each with a price change (leave blank for none, e.g. -0.50 takes off).</DialogDescription>
          </DialogHeader>
          {groups.length === 0 ? <p className="text-sm text-muted-foreground">No modifier groups: the till adds this product in one tap.</p> : null}
          {groups.map((group, index) => (
            <fieldset key={group.key} className="grid gap-3 rounded-lg border p-3">
              <legend className="px-1 text-sm font-medium">Group {index + 1}</legend>
              <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-${group.key}-name`}>Group name</Label>
                  <Input id={`${id}-${group.key}-name`} maxLength={60} placeholder="e.g. Doneness" value={group.name} onChange={(event) => updateGroup(group.key, { name: event.target.value })} />
                </div>
                <label className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={group.required}
                    onChange={(event) => updateGroup(group.key, { required: event.target.checked, min: event.target.checked ? (group.min === '0' ? '1' : group.min) : '0' })}
                  />
                  Required
                </label>
                {group.required ? (
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${id}-${group.key}-min`}>At least</Label>
                    <Input id={`${id}-${group.key}-min`} className="w-20" inputMode="numeric" value={group.min} onChange={(event) => updateGroup(group.key, { min: event.target.value })} />
                  </div>
                ) : null}
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-${group.key}-max`}>At most</Label>
                  <Input id={`${id}-${group.key}-max`} className="w-20" inputMode="numeric" value={group.max} onChange={(event) => updateGroup(group.key, { max: event.target.value })} />
                </div>
              </div>
              <ul className="grid gap-2" aria-label={`Options of ${group.name || `group ${index + 1}`}`}>
                {group.options.map((option, optionIndex) => (
                  <li key={option.key} className="grid grid-cols-[1fr_7rem_auto] items-center gap-2">
                    <Input
                      aria-label={`Option ${optionIndex + 1} name`}
                      maxLength={60}
                      placeholder="e.g. Medium"
                      value={option.name}
                      onChange={(event) => updateOption(group, option.key, { name: event.target.value })}
                    />
                    <Input
                      aria-label={`Option ${optionIndex + 1} price change`}
                      inputMode="decimal"
                      placeholder="+0.00"
                      className="text-right tabular-nums"
                      value={option.delta}
                      onChange={(event) => updateOption(group, option.key, { delta: event.target.value })}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove option ${option.name || optionIndex + 1}`}
                      onClick={() => updateGroup(group.key, { options: group.options.filter((row) => row.key !== option.key) })}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap justify-between gap-2">
                <Button type="button" variant="outline" onClick={() => updateGroup(group.key, { options: [...group.options, emptyOption()] })}>
                  <PlusIcon aria-hidden="true" /> Add option
                </Button>
                <Button type="button" variant="ghost" className="text-red-700" onClick={() => setGroups((all) => all.filter((row) => row.key !== group.key))}>
                  <Trash2Icon aria-hidden="true" /> Remove group
                </Button>
              </div>
            </fieldset>
          ))}
          <Button type="button" variant="outline" onClick={() => setGroups((all) => [...all, emptyGroup()])}>
            <PlusIcon aria-hidden="true" /> Add group
          </Button>
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
          {save.isError ? <ErrorAlert title="The modifiers were not saved" error={save.error} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save modifiers
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
