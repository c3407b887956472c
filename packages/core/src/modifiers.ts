import { z } from 'zod';
import type { Minor } from './money.ts';
import { singleLine } from './plain-text.ts';

/**
 * Modifiers (issue 16 item 2, decision 035): groups of options per product ("Doneness": rare /
 * medium / well, choose exactly one; "Extras": "Extra cheese +1.00", up to three), each option
 * changing the line's unit price by a delta in minor units. A delta may be negative ("No bun
 * −0.50") but the modified unit price never goes below zero. The rules here are shared by the
 * till (the chooser, the cart's price) and the server (which re-validates and re-prices every
 * choice it is sent).
 */

export const MODIFIER_MAX_GROUPS = 20;
export const MODIFIER_MAX_OPTIONS = 30;
/** The largest change one option may make, either way (10,000,000.00 in a 2-decimal currency). */
export const MODIFIER_MAX_DELTA = 1_000_000_000;

export interface ModifierOption {
  id: string;
  name: string;
  /** Minor units added to the unit price (negative takes off). */
  priceDelta: Minor;
}

export interface ModifierGroup {
  id: string;
  name: string;
  /** 0: optional; 1 or more: required. */
  minChoices: number;
  maxChoices: number;
  options: ModifierOption[];
}

/** What a sold or sent line keeps of its choices, so a later catalogue change does not rewrite it. */
export interface ChosenModifier {
  groupId: string;
  groupName: string;
  optionId: string;
  name: string;
  priceDelta: Minor;
}

const modifierName = singleLine(z.string().trim().min(1, 'Name it').max(60));

export const modifierOptionInput = z.strictObject({
  /** Kept when the option already exists; a new option gets its id from the server. */
  id: z.uuid().optional(),
  name: modifierName,
  priceDelta: z.number().int('must be whole minor units').min(-MODIFIER_MAX_DELTA).max(MODIFIER_MAX_DELTA),
});

export const modifierGroupInput = z
  .strictObject({
    id: z.uuid().optional(),
    name: modifierName,
    minChoices: z.number().int().min(0).max(MODIFIER_MAX_OPTIONS),
    maxChoices: z.number().int().min(1).max(MODIFIER_MAX_OPTIONS),
    options: z.array(modifierOptionInput).min(1, 'Give the group at least one option').max(MODIFIER_MAX_OPTIONS),
  })
  .refine((group) => group.minChoices <= group.maxChoices, { message: 'The minimum cannot be above the maximum', path: ['minChoices'] })
  .refine((group) => group.minChoices <= group.options.length, { message: 'The group needs at least as many options as its minimum', path: ['minChoices'] })
  .refine((group) => new Set(group.options.map((option) => option.name.toLowerCase())).size === group.options.length, {
    message: 'Two options of a group have the same name',
    path: ['options'],
  });

export const modifierGroupsInput = z.strictObject({
  groups: z
    .array(modifierGroupInput)
    .max(MODIFIER_MAX_GROUPS)
    .refine((groups) => new Set(groups.map((group) => group.name.toLowerCase())).size === groups.length, { message: 'Two groups have the same name' })
    .refine(
      (groups) => {
        const ids = groups.flatMap((group) => [group.id, ...group.options.map((option) => option.id)]).filter(Boolean);
        return new Set(ids).size === ids.length;
      },
      { message: 'An id appears twice' },
    ),
});
export type ModifierGroupsInput = z.infer<typeof modifierGroupsInput>;

export const modifierOptionView = z.object({ id: z.uuid(), name: z.string(), priceDelta: z.number().int() });
export const modifierGroupView = z.object({
  id: z.uuid(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  options: z.array(modifierOptionView),
});
export const chosenModifierView = z.object({
  groupId: z.uuid(),
  groupName: z.string(),
  optionId: z.uuid(),
  name: z.string(),
  priceDelta: z.number().int(),
});

/** The option ids a cart line or kitchen item carries (at most one of each). */
export const modifierOptionIdsInput = z.array(z.uuid()).max(MODIFIER_MAX_GROUPS * MODIFIER_MAX_OPTIONS);

export type ModifierErrorCode = 'modifier_unknown' | 'modifier_duplicate' | 'modifier_required' | 'modifier_too_many' | 'modifier_negative_price';

export type ModifierChoice =
  | { ok: true; modifiers: ChosenModifier[]; delta: Minor }
  | { ok: false; code: ModifierErrorCode; message: string; groupId?: string; optionId?: string };

/**
 * Checks the options chosen for one line against its product's groups and prices them: every id
 * is an option of one of the product's groups, none twice, each group between its minimum and
 * maximum. The snapshot follows the catalogue's order (group, then option), not the tap order, so
 * the same choice always reads (and hashes) the same.
 */
export function chooseModifiers(groups: readonly ModifierGroup[], optionIds: readonly string[], basePrice: Minor): ModifierChoice {
  const seen = new Set<string>();
  for (const id of optionIds) {
    if (seen.has(id)) return { ok: false, code: 'modifier_duplicate', message: 'An option was chosen twice', optionId: id };
    seen.add(id);
  }
  const known = new Set(groups.flatMap((group) => group.options.map((option) => option.id)));
  const unknown = optionIds.find((id) => !known.has(id));
  if (unknown) return { ok: false, code: 'modifier_unknown', message: 'A chosen option is not one of this product’s', optionId: unknown };
  const modifiers: ChosenModifier[] = [];
  for (const group of groups) {
    const chosen = group.options.filter((option) => seen.has(option.id));
    if (chosen.length < group.minChoices) {
      const message = group.minChoices === 1 ? `Choose a ${group.name}` : `Choose at least ${group.minChoices} of ${group.name}`;
      return { ok: false, code: 'modifier_required', message, groupId: group.id };
    }
    if (chosen.length > group.maxChoices) {
      return { ok: false, code: 'modifier_too_many', message: `Choose at most ${group.maxChoices} of ${group.name}`, groupId: group.id };
    }
    for (const option of chosen) modifiers.push({ groupId: group.id, groupName: group.name, optionId: option.id, name: option.name, priceDelta: option.priceDelta });
  }
  const delta = modifiers.reduce((sum, modifier) => sum + modifier.priceDelta, 0);
  if (basePrice + delta < 0) return { ok: false, code: 'modifier_negative_price', message: 'The options take the price below zero' };
  return { ok: true, modifiers, delta };
}

/** Whether a product asks for choices before it goes in the cart (any group at all: the chooser opens). */
export const hasModifiers = (groups: readonly ModifierGroup[] | null | undefined): boolean => Boolean(groups && groups.length > 0);

/** "Medium, Extra cheese (+1.00)"-style text needs a money formatter; this gives the names in order. */
export const modifierNames = (modifiers: readonly Pick<ChosenModifier, 'name'>[]): string => modifiers.map((modifier) => modifier.name).join(', ');

/** The same set of options, whatever the order: two cart lines of one product merge only then. */
export function sameOptions(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
