import { employeeFiguresOf, hoursWorked, reportRangeProblem, type ClockedShift } from '@till/core';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { employeePerformanceRepository as repo } from './employee-performance.repository.ts';

export interface PerformanceQuery {
  from: string;
  to: string;
  storeId?: string | undefined;
  employeeId?: string | undefined;
}

/**
 * Per employee and period (issue 20 item 10): sales, net sales, items, average sale, refunds they
 * processed, discounts they gave, hours worked (closed shifts' hours, open ones up to `now`) and
 * sales per hour. Employees without any figure are listed too (active ones), so a new cashier shows.
 */
export async function getEmployeePerformance(database: Database, businessId: string, query: PerformanceQuery, now: Date) {
  const problem = reportRangeProblem(query);
  if (problem) throw badRequest('invalid_range', problem);
  return database.withTenant(businessId, async (tx) => {
    const business = await repo.findBusiness(tx, businessId);
    if (!business) throw notFound('business_not_found', 'No business is set up for this account');
    if (query.employeeId && !(await repo.employeeExists(tx, businessId, query.employeeId))) {
      throw notFound('employee_not_found', 'No such employee in this business');
    }
    if (query.storeId && !(await repo.storeExists(tx, businessId, query.storeId))) throw notFound('store_not_found', 'No such store in this business');
    const period = { timeZone: business.timeZone, ...query };
    const sales = new Map((await repo.salesFigures(tx, businessId, period)).map((row) => [row.employeeId, row]));
    const shifts = new Map<string, ClockedShift[]>();
    for (const shift of await repo.shifts(tx, businessId, period)) shifts.set(shift.employeeId, [...(shifts.get(shift.employeeId) ?? []), shift]);
    const employees = (await repo.employees(tx, businessId, query.employeeId))
      .map((employee) => {
        const sold = sales.get(employee.employeeId);
        const figures = employeeFiguresOf({
          sales: sold?.sales ?? 0,
          netSales: sold?.netSales ?? 0,
          itemsSold: sold?.itemsSold ?? 0,
          refunds: sold?.refunds ?? 0,
          refundAmount: sold?.refundAmount ?? 0,
          discounts: sold?.discounts ?? 0,
          hoursWorked: hoursWorked(shifts.get(employee.employeeId) ?? [], now),
        });
        return { ...employee, ...figures, active: sold !== undefined || figures.hoursWorked > 0 };
      })
      .filter((employee) => employee.isActive || employee.active || query.employeeId)
      .map(({ active: _active, ...employee }) => employee)
      .sort((a, b) => b.netSales - a.netSales || a.name.localeCompare(b.name));
    return {
      currency: business.currency,
      timeZone: business.timeZone,
      range: { from: query.from, to: query.to },
      storeId: query.storeId ?? null,
      employees,
    };
  });
}
