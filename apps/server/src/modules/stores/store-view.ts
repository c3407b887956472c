import type { StoreRow } from './stores.repository.ts';

/** A store on the wire (decision 070: snake_case). */
export interface StoreView {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  time_zone: string | null;
  is_default: boolean;
  is_active: boolean;
  register_count: number;
}

export const toStoreView = (row: StoreRow & { registerCount?: number }): StoreView => ({
  id: row.id,
  name: row.name,
  address: row.address,
  phone: row.phone,
  time_zone: row.timeZone,
  is_default: row.isDefault,
  is_active: row.isActive,
  register_count: row.registerCount ?? 0,
});
