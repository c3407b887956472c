import { dayInZone, serviceDue, type OdometerPoint } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { toVehicleView } from './repair-order-view.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** The key of a vehicle's current due, remembered once reminded ("2027-11-26|135000"). */
export const dueKeyOf = (dueOn: string | null, dueMileage: number | null) => `${dueOn ?? ''}|${dueMileage ?? ''}`;

/** Each vehicle with a next service set, judged by the core rule for today in the business's time zone. */
export async function judgeServiceDues(tx: Tx, businessId: string, now: Date, ids?: string[]) {
  const timeZone = await repo.timeZoneOf(tx, businessId);
  const today = dayInZone(now, timeZone);
  const rows = await repo.vehiclesWithNextService(tx, businessId, ids);
  const readings = await repo.readingsOf(
    tx,
    businessId,
    rows.map((row) => row.vehicle.id),
  );
  const byVehicle = new Map<string, OdometerPoint[]>();
  for (const reading of readings) {
    const list = byVehicle.get(reading.vehicleId) ?? [];
    list.push({ reading: reading.reading, day: dayInZone(reading.recordedAt, timeZone) });
    byVehicle.set(reading.vehicleId, list);
  }
  return rows.map((row) => ({
    ...row,
    today,
    due: serviceDue({ dueOn: row.vehicle.nextServiceDueOn, dueMileage: row.vehicle.nextServiceDueMileage, readings: byVehicle.get(row.vehicle.id) ?? [], today }),
    view: toVehicleView(row.vehicle, row.customerName),
  }));
}
