import { z } from 'zod';
import { singleLine } from './plain-text.ts';

/**
 * Configurable kitchen stages (issue 16 item 3, decision 036): a business names its own list
 * (New → Cooking → Ready → Served, or with Plating), 2 to 6 stages, names unique; the last is the
 * served end and one earlier stage is flagged "ready" (the order-ready screen and the till's Ready).
 */
export const MIN_STAGES = 2;
export const MAX_STAGES = 6;

export const stageListInput = z
  .strictObject({
    stages: z.array(singleLine(z.string().trim().min(1).max(20))).min(MIN_STAGES).max(MAX_STAGES),
    /** Index of the stage the ready screen and the till call "Ready"; before the last. */
    ready_index: z.number().int().min(0).max(MAX_STAGES - 2),
  })
  .superRefine((input, context) => {
    const problem = stageListProblem(input.stages, input.ready_index);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: [problem.startsWith('Ready') ? 'ready_index' : 'stages'] });
  });
/** A stage list inside TypeScript (the wire says ready_index, decision 070). */
export interface StageListInput {
  stages: string[];
  readyIndex: number;
}
export const stageListFromWire = (list: { stages: string[]; ready_index: number }): StageListInput => ({ stages: list.stages, readyIndex: list.ready_index });
export const stageListToWire = (list: StageListInput): StageListView => ({ stages: list.stages, ready_index: list.readyIndex });

/** Why a stage list cannot be used, or null. */
export function stageListProblem(stages: readonly string[], readyIndex: number): string | null {
  if (stages.length < MIN_STAGES) return `At least ${MIN_STAGES} stages`;
  if (stages.length > MAX_STAGES) return `At most ${MAX_STAGES} stages`;
  const keys = stages.map((stage) => stage.trim().toLowerCase());
  if (keys.some((key) => key === '')) return 'A stage needs a name';
  if (new Set(keys).size !== keys.length) return 'Stage names must be unique';
  if (!Number.isInteger(readyIndex) || readyIndex < 0 || readyIndex >= stages.length - 1) return 'Ready must be a stage before the last (served) one';
  return null;
}

/** The stage a bump moves to in a configured list, or null from the served end (or an unknown stage). */
export function nextStageIn(stages: readonly string[], stage: string): string | null {
  const index = stages.indexOf(stage);
  return index >= 0 && index < stages.length - 1 ? stages[index + 1]! : null;
}

/** The stage a recall moves back to in a configured list, or null from the first one. */
export function previousStageIn(stages: readonly string[], stage: string): string | null {
  const index = stages.indexOf(stage);
  return index > 0 ? stages[index - 1]! : null;
}

/**
 * Where an item's stage lands when the list changes while tickets are open: a stage of the same
 * name keeps it; otherwise the item keeps its progress by position (the same index, capped at the
 * new list's last stage before served, so a change never serves an item by itself).
 */
export function remapStage(oldStages: readonly string[], newStages: readonly string[], stage: string): string {
  const kept = newStages.find((candidate) => candidate.toLowerCase() === stage.toLowerCase());
  if (kept) return kept;
  const index = Math.max(0, oldStages.indexOf(stage));
  const oldServed = index === oldStages.length - 1;
  if (oldServed) return newStages[newStages.length - 1]!;
  return newStages[Math.min(index, newStages.length - 2)]!;
}

/** Today's four stages: what a business has until it names its own. */
export const DEFAULT_STAGE_LIST: StageListInput = { stages: ['New', 'Cooking', 'Ready', 'Served'], readyIndex: 2 };

/** The stage list as the API answers it. */
export const stageListView = z.object({ stages: z.array(z.string()), ready_index: z.number().int() });
export type StageListView = z.infer<typeof stageListView>;

export type StageRole = 'new' | 'cooking' | 'ready' | 'served';

/**
 * What a position in a configured list means to the rest of the product (the stored `stage`):
 * the last is served, the ready stage and any after it (before the last) ready, the first new,
 * everything between cooking. The till, the ready screen and payment keep reading these roles.
 */
export function stageRoleAt(list: StageListInput, index: number): StageRole {
  if (index >= list.stages.length - 1) return 'served';
  if (index >= list.readyIndex) return 'ready';
  if (index <= 0) return 'new';
  return 'cooking';
}

/**
 * Where an item stands in the list: its stage name when the list has it (case-insensitive),
 * otherwise by its role (rows written before the list existed carry no name).
 */
export function stageIndexIn(list: StageListInput, role: StageRole, name: string | null | undefined): number {
  if (name) {
    const key = name.trim().toLowerCase();
    const found = list.stages.findIndex((stage) => stage.toLowerCase() === key);
    if (found >= 0) return found;
  }
  if (role === 'new') return 0;
  if (role === 'ready') return list.readyIndex;
  if (role === 'served') return list.stages.length - 1;
  return Math.min(1, list.readyIndex);
}

/** The index a display's `from` names: a stage name of the list, or one of the four roles. */
export function stageIndexOfName(list: StageListInput, from: string): number | null {
  const key = from.trim().toLowerCase();
  const found = list.stages.findIndex((stage) => stage.toLowerCase() === key);
  if (found >= 0) return found;
  if (key === 'new' || key === 'cooking' || key === 'ready' || key === 'served') return stageIndexIn(list, key, null);
  return null;
}
