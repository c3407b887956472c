import { chooseModifiers, type ChosenModifier, type ModifierGroup } from '@till/core';
import { AppError } from '../../lib/app-error.ts';

export interface PricedModifiers {
  /** The snapshot kept on the line, null without any (decision 035). */
  modifiers: ChosenModifier[] | null;
  delta: number;
}

/**
 * The options a line says were chosen, checked against its product's groups as the server reads
 * them now (core `chooseModifiers`): the client's prices are never used. A bad choice is a 422
 * with the rule's code (modifier_required, modifier_too_many, modifier_unknown,
 * modifier_duplicate, modifier_negative_price), before anything is written.
 */
export function lineModifiers(
  product: { id: string; name: string; modifierGroups?: ModifierGroup[] | null },
  optionIds: readonly string[] | undefined,
  basePrice: number,
): PricedModifiers {
  const groups = product.modifierGroups ?? [];
  if (groups.length === 0 && !optionIds?.length) return { modifiers: null, delta: 0 };
  const choice = chooseModifiers(groups, optionIds ?? [], basePrice);
  if (!choice.ok) {
    throw new AppError(422, choice.code, `${product.name}: ${choice.message}`, {
      product_id: product.id,
      ...(choice.groupId ? { group_id: choice.groupId } : {}),
      ...(choice.optionId ? { option_id: choice.optionId } : {}),
    });
  }
  return { modifiers: choice.modifiers.length ? choice.modifiers : null, delta: choice.delta };
}
