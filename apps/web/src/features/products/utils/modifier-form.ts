import { modifierGroupsInput, type ModifierGroupsInput, type ModifierGroupView } from '@till/core';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';

/** The modifier groups form (decision 035): text fields as typed, turned into the API's body on save. */
export interface OptionDraft {
  key: string;
  id?: string;
  name: string;
  /** "1.00", "-0.50" or empty for no change. */
  delta: string;
}

export interface GroupDraft {
  key: string;
  id?: string;
  name: string;
  required: boolean;
  min: string;
  max: string;
  options: OptionDraft[];
}

let counter = 0;
export const draftKey = () => `draft-${(counter += 1)}`;

export const emptyOption = (): OptionDraft => ({ key: draftKey(), name: '', delta: '' });
export const emptyGroup = (): GroupDraft => ({ key: draftKey(), name: '', required: true, min: '1', max: '1', options: [emptyOption(), emptyOption()] });

export function groupsToDrafts(groups: ModifierGroupView[], currency: string): GroupDraft[] {
  return groups.map((group) => ({
    key: draftKey(),
    id: group.id,
    name: group.name,
    required: group.min_choices > 0,
    min: String(group.min_choices),
    max: String(group.max_choices),
    options: group.options.map((option) => ({
      key: draftKey(),
      id: option.id,
      name: option.name,
      delta: option.price_delta === 0 ? '' : minorToDecimalText(option.price_delta, currency),
    })),
  }));
}

/** A signed amount: "−0.50" and "-0.50" take off, empty is no change. */
export function parseDelta(text: string, currency: string): number | null {
  const trimmed = text.trim().replace('−', '-');
  if (!trimmed) return 0;
  const negative = trimmed.startsWith('-');
  const parsed = parseMoneyText(trimmed.replace(/^[+-]/, ''), currency);
  if (!parsed.ok) return null;
  return negative ? -parsed.amount : parsed.amount;
}

/** The body to save, or the first problem to show. Blank option rows are left out. */
export function draftsToBody(drafts: GroupDraft[], currency: string): { ok: true; body: ModifierGroupsInput } | { ok: false; message: string } {
  const groups = [];
  for (const draft of drafts) {
    const options = [];
    for (const option of draft.options) {
      if (!option.name.trim() && !option.delta.trim()) continue;
      const delta = parseDelta(option.delta, currency);
      if (delta === null) return { ok: false, message: `“${option.delta}” is not an amount (${draft.name || 'a group'}).` };
      options.push({ ...(option.id ? { id: option.id } : {}), name: option.name.trim(), price_delta: delta });
    }
    const min = draft.required ? Number(draft.min) : 0;
    const max = Number(draft.max);
    groups.push({ ...(draft.id ? { id: draft.id } : {}), name: draft.name.trim(), min_choices: min, max_choices: max, options });
  }
  const parsed = modifierGroupsInput.safeParse({ groups });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const groupIndex = typeof issue.path[1] === 'number' ? issue.path[1] : null;
    const where = groupIndex !== null ? `${groups[groupIndex]?.name || `Group ${groupIndex + 1}`}: ` : '';
    return { ok: false, message: `${where}${issue.message}` };
  }
  return { ok: true, body: parsed.data };
}
