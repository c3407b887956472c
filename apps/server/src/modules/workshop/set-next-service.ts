import { addMonthsTo, dayInZone } from '@till/core';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { toVehicleView } from './repair-order-view.ts';
import { vehicleNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export interface NextServiceInput {
  due_on?: string | null | undefined;
  due_mileage?: number | null | undefined;
  /** "In 12 months": from today in the business's time zone. */
  in_months?: number | undefined;
  /** "Or 15,000 km": from the vehicle's latest odometer reading. */
  in_distance?: number | undefined;
}

/**
 * Sets (or clears, with both null) when a vehicle's next service is due: on a day, at a mileage, or
 * whichever comes first. A day already past or a mileage the odometer has already passed is refused.
 */
export async function setNextService(database: Database, tenant: TenantContext, id: string, input: NextServiceInput, now = new Date()) {
  if (input.due_on !== undefined && input.in_months !== undefined) throw badRequest('validation_error', 'Give either due_on or in_months, not both');
  if (input.due_mileage !== undefined && input.in_distance !== undefined) throw badRequest('validation_error', 'Give either due_mileage or in_distance, not both');
  if (input.due_on === undefined && input.in_months === undefined && input.due_mileage === undefined && input.in_distance === undefined) {
    throw badRequest('validation_error', 'Say when the next service is due (a date, a mileage or both; null clears them)');
  }
  return database.withTenant(tenant.businessId, async (tx) => {
    const vehicle = await repo.vehicle(tx, tenant.businessId, id, true);
    if (!vehicle) throw vehicleNotFound();
    const today = dayInZone(now, await repo.timeZoneOf(tx, tenant.businessId));
    const [latest] = await repo.odometerOf(tx, tenant.businessId, id);
    let dueOn = input.in_months !== undefined ? addMonthsTo(today, input.in_months) : input.due_on === undefined ? vehicle.nextServiceDueOn : input.due_on;
    if (dueOn !== null && input.due_on !== undefined && dueOn < today) throw badRequest('validation_error', `The next service cannot be due in the past (today is ${today})`);
    let dueMileage = input.due_mileage === undefined ? vehicle.nextServiceDueMileage : input.due_mileage;
    if (input.in_distance !== undefined) {
      if (!latest) throw badRequest('validation_error', 'The vehicle has no odometer reading to count the distance from');
      dueMileage = latest.reading + input.in_distance;
    }
    if (dueMileage !== null && input.due_mileage !== undefined && latest && dueMileage <= latest.reading) {
      throw badRequest('validation_error', `The odometer already reads ${latest.reading}; the next service must be due later`);
    }
    dueOn ??= null;
    dueMileage ??= null;
    const updated = (await repo.setNextService(tx, tenant.businessId, id, dueOn, dueMileage))!;
    const customer = (await repo.customer(tx, tenant.businessId, updated.customerId))!;
    return { vehicle: toVehicleView(updated, customer.name) };
  });
}
