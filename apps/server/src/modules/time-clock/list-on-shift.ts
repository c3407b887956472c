import type { EmployeeRole } from '@till/core';
import type { Database } from '../../db/client.ts';
import { timeClockRepository } from './time-clock.repository.ts';
import { clockStateOf } from './time-entry-view.ts';

export interface OnShiftView {
  employee_id: string;
  employee_name: string;
  role: EmployeeRole;
  entry_id: string;
  clock_in_time: string;
  on_break: boolean;
  break_start_time: string | null;
}

/** Who is clocked in now, and whether they are on a break. */
export async function listOnShift(database: Database, businessId: string): Promise<OnShiftView[]> {
  const rows = await database.withTenant(businessId, (tx) => timeClockRepository.listOpenEntries(tx, businessId));
  return rows.map(({ entry, employeeName, role }) => ({
    employee_id: entry.employeeId,
    employee_name: employeeName,
    role,
    entry_id: entry.id,
    clock_in_time: entry.clockInTime.toISOString(),
    on_break: clockStateOf(entry) === 'on_break',
    break_start_time: entry.breakStartTime?.toISOString() ?? null,
  }));
}
