import type { StoreRow } from './stores.repository.ts';

export interface StoreView {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  timeZone: string | null;
  isDefault: boolean;
  isActive: boolean;
  registerCount: number;
}

export const toStoreView = (row: StoreRow & { registerCount?: number }): StoreView => ({
  id: row.id,
  name: row.name,
  address: row.address,
  phone: row.phone,
  timeZone: row.timeZone,
  isDefault: row.isDefault,
  isActive: row.isActive,
  registerCount: row.registerCount ?? 0,
});
