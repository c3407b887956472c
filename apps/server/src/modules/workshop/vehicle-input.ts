import { checkVin } from '@till/core';
import { badRequest } from '../../lib/app-error.ts';

export interface VehicleFields {
  vin?: string | null | undefined;
  plate?: string | null | undefined;
  make?: string | null | undefined;
  model?: string | null | undefined;
  year?: number | null | undefined;
  engine?: string | null | undefined;
  colour?: string | null | undefined;
  notes?: string | null | undefined;
}

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

/** The columns to write: text trimmed (blank → none), the VIN checked and upper-cased, the plate upper-cased. */
export function vehicleColumns(fields: VehicleFields) {
  let vin = blankToNull(fields.vin);
  if (vin) {
    const check = checkVin(vin);
    if (!check.ok) throw badRequest('invalid_vin', check.message, { reason: check.reason });
    vin = check.value;
  }
  const plate = blankToNull(fields.plate);
  const columns: {
    vin?: string | null;
    plate?: string | null;
    make?: string | null;
    model?: string | null;
    year?: number | null;
    engine?: string | null;
    colour?: string | null;
    notes?: string | null;
  } = {};
  if (vin !== undefined) columns.vin = vin;
  if (plate !== undefined) columns.plate = plate ? plate.toUpperCase() : plate;
  for (const key of ['make', 'model', 'engine', 'colour', 'notes'] as const) {
    const value = blankToNull(fields[key]);
    if (value !== undefined) columns[key] = value;
  }
  if (fields.year !== undefined) columns.year = fields.year;
  return columns;
}
