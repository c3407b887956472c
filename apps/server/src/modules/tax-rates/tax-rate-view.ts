import type { TaxRateRow } from './tax-rates.repository.ts';

export interface TaxRateView {
  id: string;
  name: string;
  /** 2000 = 20 %. */
  basisPoints: number;
  isDefault: boolean;
}

export function toTaxRateView(row: TaxRateRow): TaxRateView {
  return { id: row.id, name: row.name, basisPoints: row.basisPoints, isDefault: row.isDefault };
}
