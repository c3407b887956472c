import type { TaxRateRow } from './tax-rates.repository.ts';

export interface TaxRateView {
  id: string;
  name: string;
  /** 2000 = 20 %. */
  basis_points: number;
  is_default: boolean;
}

export function toTaxRateView(row: TaxRateRow): TaxRateView {
  return { id: row.id, name: row.name, basis_points: row.basisPoints, is_default: row.isDefault };
}
