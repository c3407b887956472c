import { chooseModifiers, modifierGroupFromView, type ChosenModifier, type ModifierGroup, type ModifierGroupView } from '@till/core';
import { CheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { money } from '../lib/format';

interface ModifierChooserProps {
  product: { id: string; name: string; price: number; modifier_groups: ModifierGroupView[] };
  currency: string;
  onAdd: (modifiers: ChosenModifier[]) => void;
}

const deltaText = (delta: number, currency: string) => (delta === 0 ? '' : `${delta > 0 ? '+' : '−'}${money(Math.abs(delta), currency)}`);

function ruleText(group: ModifierGroup): string {
  if (group.minChoices === group.maxChoices) return group.minChoices === 1 ? 'Required · choose 1' : `Required · choose ${group.minChoices}`;
  if (group.minChoices === 0) return group.maxChoices === 1 ? 'Optional · up to 1' : `Optional · up to ${group.maxChoices}`;
  return `Required · ${group.minChoices} to ${group.maxChoices}`;
}

/**
 * The till's modifier chooser (decision 035), loaded only when a product with modifier groups is
 * tapped: one block per group with its rule, a tap picks an option (in a choose-one group it
 * replaces the choice), the price updates as options are picked, and Add stays off until every
 * required group is satisfied. The rule is core's `chooseModifiers`, which the server re-runs.
 */
export function ModifierChooserContent({ product, currency, onAdd }: ModifierChooserProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  // The wire's groups in core's shape, which the rule reads.
  const [groups] = useState(() => product.modifier_groups.map(modifierGroupFromView));
  const choice = chooseModifiers(groups, chosen, product.price);
  const delta = groups.flatMap((group) => group.options).filter((option) => chosen.includes(option.id)).reduce((sum, option) => sum + option.priceDelta, 0);

  const toggle = (group: ModifierGroup, optionId: string) => {
    setChosen((current) => {
      if (current.includes(optionId)) return current.filter((id) => id !== optionId);
      const inGroup = group.options.map((option) => option.id);
      const picked = current.filter((id) => inGroup.includes(id));
      if (group.maxChoices === 1) return [...current.filter((id) => !inGroup.includes(id)), optionId];
      if (picked.length >= group.maxChoices) return current;
      return [...current, optionId];
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice.ok) onAdd(choice.modifiers);
  };

  return (
    <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
      <form onSubmit={submit} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{product.name}</DialogTitle>
          <DialogDescription>Choose the options, then add it to the sale.</DialogDescription>
        </DialogHeader>
        {groups.map((group) => {
          const picked = group.options.filter((option) => chosen.includes(option.id)).length;
          const missing = picked < group.minChoices;
          return (
            <fieldset key={group.id} className="grid gap-2">
              <legend className="mb-1 flex w-full items-baseline justify-between gap-2">
                <span className="font-semibold">{group.name}</span>
                <span className={cn('text-xs', missing ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-muted-foreground')}>{ruleText(group)}</span>
              </legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {group.options.map((option) => {
                  const on = chosen.includes(option.id);
                  const full = !on && group.maxChoices > 1 && picked >= group.maxChoices;
                  return (
                    <Button
                      key={option.id}
                      type="button"
                      variant={on ? 'default' : 'outline'}
                      aria-pressed={on}
                      disabled={full}
                      className="h-auto min-h-11 flex-col items-start gap-0 px-3 py-2 text-left whitespace-normal"
                      onClick={() => toggle(group, option.id)}
                    >
                      <span className="flex items-center gap-1 font-medium">
                        {on ? <CheckIcon aria-hidden="true" className="size-4" /> : null}
                        {option.name}
                      </span>
                      {option.priceDelta !== 0 ? <span className="text-xs tabular-nums opacity-80">{deltaText(option.priceDelta, currency)}</span> : null}
                    </Button>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <div className="flex items-center justify-between gap-3">
          <p className="text-lg font-semibold tabular-nums" aria-live="polite">
            {money(product.price + delta, currency)}
          </p>
          <Button type="submit" size="lg" disabled={!choice.ok}>
            Add to sale
          </Button>
        </div>
        {!choice.ok && choice.code === 'modifier_required' ? <p className="text-sm text-muted-foreground">{choice.message}</p> : null}
      </form>
    </DialogContent>
  );
}

export default ModifierChooserContent;
