import { DEFAULT_INSPECTION_POINTS } from '@till/core';
import type { Tx } from '../../db/client.ts';
import type { Database } from '../../db/client.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export async function settingsOf(tx: Tx, businessId: string) {
  const row = await repo.settings(tx, businessId);
  return { inspection_points: row?.inspectionPoints ?? [...DEFAULT_INSPECTION_POINTS], labour_rate: row?.labourRate ?? 0 };
}

/** The inspection checklist new repair orders start with, and the default labour rate. */
export async function getWorkshopSettings(database: Database, businessId: string) {
  return database.withTenant(businessId, (tx) => settingsOf(tx, businessId));
}
