import type { Minor } from './money.ts';
import * as s from './shape.ts';
import type { ModifierGroupView } from './contracts/modifiers.ts';

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

/** contracts/modifiers.ts's chosenModifierView, zod-free: what the till reads back from its saved sale (decision 058). */
export const chosenModifierShape: s.Shape<ChosenModifier> = s.object({ groupId: s.uuid(), groupName: s.string(), optionId: s.uuid(), name: s.string(), priceDelta: s.int() });

/** A chosen modifier as the wire names it (contracts/modifiers.ts's chosenModifierView, decision 070). */
export interface ChosenModifierWire {
  group_id: string;
  group_name: string;
  option_id: string;
  name: string;
  price_delta: number;
}
/** The line's snapshot (kept camelCase as stored) in the wire's names. */
export const chosenModifierToWire = (modifier: ChosenModifier): ChosenModifierWire => ({
  group_id: modifier.groupId,
  group_name: modifier.groupName,
  option_id: modifier.optionId,
  name: modifier.name,
  price_delta: modifier.priceDelta,
});
/** What the till keeps in its cart from a line the server gave back (a resumed parked sale). */
export const chosenModifierFromWire = (modifier: ChosenModifierWire): ChosenModifier => ({
  groupId: modifier.group_id,
  groupName: modifier.group_name,
  optionId: modifier.option_id,
  name: modifier.name,
  priceDelta: modifier.price_delta,
});

// Mapped here, not in contracts/modifiers.ts: the till reads the wire's groups and must not load zod (decision 058).
/** A product's groups as the wire shows them (decision 070); stored and priced as core's camelCase `ModifierGroup`. */
export function toModifierGroupView(group: ModifierGroup): ModifierGroupView {
  return {
    id: group.id,
    name: group.name,
    min_choices: group.minChoices,
    max_choices: group.maxChoices,
    options: group.options.map((option) => ({ id: option.id, name: option.name, price_delta: option.priceDelta })),
  };
}

/** The wire's groups back in core's shape, for the rules (`chooseModifiers`) the till runs. */
export function modifierGroupFromView(group: ModifierGroupView): ModifierGroup {
  return {
    id: group.id,
    name: group.name,
    minChoices: group.min_choices,
    maxChoices: group.max_choices,
    options: group.options.map((option) => ({ id: option.id, name: option.name, priceDelta: option.price_delta })),
  };
}
