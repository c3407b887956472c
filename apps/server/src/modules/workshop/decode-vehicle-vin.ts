import { checkVin, decodeVin } from '@till/core';
import { badRequest } from '../../lib/app-error.ts';

/** What a VIN says about itself (offline): manufacturer, model year, plant. */
export function decodeVehicleVin(vin: string) {
  const check = checkVin(vin);
  if (!check.ok) throw badRequest('invalid_vin', check.message, { reason: check.reason });
  const decoded = decodeVin(check.value)!;
  return { vin: decoded.vin, wmi: decoded.wmi, manufacturer: decoded.manufacturer, region: decoded.region, model_year: decoded.modelYear, plant: decoded.plant, serial: decoded.serial };
}
