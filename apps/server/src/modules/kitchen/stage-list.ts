import { DEFAULT_STAGE_LIST, type StageListInput } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';

/** The business's stage list (decision 036): its own, or today's four when it never named one. */
export async function loadStageList(tx: Tx, businessId: string): Promise<StageListInput> {
  const row = await repo.stageList(tx, businessId);
  return row ? { stages: row.stages, readyIndex: row.readyIndex } : DEFAULT_STAGE_LIST;
}
