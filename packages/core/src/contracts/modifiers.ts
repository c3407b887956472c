import { z } from 'zod';
import { MODIFIER_MAX_DELTA, MODIFIER_MAX_GROUPS, MODIFIER_MAX_OPTIONS } from '../modifiers.ts';
import { singleLine } from '../plain-text.ts';

/** Modifier groups' request bodies and views (zod, decision 035); the pure rules are in modifiers.ts, which the till imports without zod (decision 058). */

const modifierName = singleLine(z.string().trim().min(1, 'Name it').max(60));

export const modifierOptionInput = z.strictObject({
  /** Kept when the option already exists; a new option gets its id from the server. */
  id: z.uuid().optional(),
  name: modifierName,
  price_delta: z.number().int('must be whole minor units').min(-MODIFIER_MAX_DELTA).max(MODIFIER_MAX_DELTA),
});

export const modifierGroupInput = z
  .strictObject({
    id: z.uuid().optional(),
    name: modifierName,
    min_choices: z.number().int().min(0).max(MODIFIER_MAX_OPTIONS),
    max_choices: z.number().int().min(1).max(MODIFIER_MAX_OPTIONS),
    options: z.array(modifierOptionInput).min(1, 'Give the group at least one option').max(MODIFIER_MAX_OPTIONS),
  })
  .refine((group) => group.min_choices <= group.max_choices, { message: 'The minimum cannot be above the maximum', path: ['min_choices'] })
  .refine((group) => group.min_choices <= group.options.length, { message: 'The group needs at least as many options as its minimum', path: ['min_choices'] })
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

export const modifierOptionView = z.object({ id: z.uuid(), name: z.string(), price_delta: z.number().int() });
export const modifierGroupView = z.object({
  id: z.uuid(),
  name: z.string(),
  min_choices: z.number().int(),
  max_choices: z.number().int(),
  options: z.array(modifierOptionView),
});
export type ModifierGroupView = z.infer<typeof modifierGroupView>;

/** A modifier chosen on a sale line or kitchen item, on the wire (decision 070); modifiers.ts's chosenModifierToWire gives it. */
export const chosenModifierView = z.object({
  group_id: z.uuid(),
  group_name: z.string(),
  option_id: z.uuid(),
  name: z.string(),
  price_delta: z.number().int(),
});

/** The option ids a cart line or kitchen item carries (at most one of each). */
export const modifierOptionIdsInput = z.array(z.uuid()).max(MODIFIER_MAX_GROUPS * MODIFIER_MAX_OPTIONS);
