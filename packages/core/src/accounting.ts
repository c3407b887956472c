import { computeShiftHours } from './time-clock.ts';

/**
 * Issue 20 items 14 and 10: the arithmetic of the profit-and-loss statement (basic_accounting)
 * and of employee performance (employee_performance). Months are 'YYYY-MM' in the business's
 * time zone (cut at local midnight of the 1st, by the repository); money is integer minor units.
 */

/** A statement covers at most two years of months. */
export const MAX_STATEMENT_MONTHS = 24;

export interface MonthRange {
  from: string;
  to: string;
}

const MONTH = /^(\d{4})-(\d{2})$/;

function monthIndex(month: string): number | null {
  const match = MONTH.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (number < 1 || number > 12 || year < 1900 || year > 9999) return null;
  return year * 12 + (number - 1);
}

const monthOfIndex = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** A month 'YYYY-MM' between the years 1900 and 9999. */
export const isMonth = (value: string): boolean => monthIndex(value) !== null;

/** Why a range of months cannot be reported on, or null when it can. */
export function monthRangeProblem(range: MonthRange): string | null {
  const from = monthIndex(range.from);
  const to = monthIndex(range.to);
  if (from === null || to === null) return 'Months are written YYYY-MM, between the years 1900 and 9999';
  if (to < from) return 'The last month is before the first month';
  if (to - from + 1 > MAX_STATEMENT_MONTHS) return `A statement covers at most ${MAX_STATEMENT_MONTHS} months; choose a shorter period`;
  return null;
}

/** The months of a range, first to last. */
export function monthsOf(range: MonthRange): string[] {
  const from = monthIndex(range.from);
  const to = monthIndex(range.to);
  if (from === null || to === null || to < from) return [];
  return Array.from({ length: to - from + 1 }, (_, index) => monthOfIndex(from + index));
}

/** The month `count` months after (or before, when negative) `month`. */
export function addMonths(month: string, count: number): string {
  const index = monthIndex(month);
  if (index === null) throw new RangeError(`${month} is not a month`);
  return monthOfIndex(index + count);
}

/** The first and last local day of a range of months. */
export function monthRangeDays(range: MonthRange): { from: string; to: string } {
  const to = monthIndex(range.to);
  if (to === null || monthIndex(range.from) === null) throw new RangeError('Not a range of months');
  const year = Math.floor(to / 12);
  const lastDay = new Date(Date.UTC(year, (to % 12) + 1, 0)).getUTCDate();
  return { from: `${range.from}-01`, to: `${range.to}-${String(lastDay).padStart(2, '0')}` };
}

/** A ratio rounded to 4 places (0.4567 = 45.67 %), or null when there is nothing to divide by. */
export const marginOf = (profit: number, sales: number): number | null => (sales !== 0 ? Math.round((profit / sales) * 10_000) / 10_000 : null);

/** What the database knows of one month: sums of sales, refunds, costs and expenses. */
export interface MonthFacts {
  /** Sold lines before discounts and before tax. */
  grossSales: number;
  /** Line and order discounts, before tax. */
  discounts: number;
  /** Refunded, before tax, in the month of the refund. */
  refunds: number;
  /** Tax on sales less tax given back with refunds: collected for the state, not income. */
  tax: number;
  /** Cost at the time of sale of the units sold, less that of the units refunded. */
  costOfGoodsSold: number;
  /** Net sales (before refunds) of the sales-history imports, included in the figures above. */
  importedSales: number;
  /** Expenses before tax, per expense category id. */
  expenses: Record<string, number>;
}

export interface MonthStatement extends MonthFacts {
  netSales: number;
  grossProfit: number;
  margin: number | null;
  totalExpenses: number;
  operatingProfit: number;
  operatingMargin: number | null;
}

/** A month where nothing happened (a fresh object each time: callers add to it). */
export function emptyMonthFacts(): MonthFacts {
  return { grossSales: 0, discounts: 0, refunds: 0, tax: 0, costOfGoodsSold: 0, importedSales: 0, expenses: {} };
}

/** Net sales, gross profit, margin and operating profit of one month (or of a total). */
export function statementOf(facts: MonthFacts): MonthStatement {
  const netSales = facts.grossSales - facts.discounts - facts.refunds;
  const grossProfit = netSales - facts.costOfGoodsSold;
  const totalExpenses = Object.values(facts.expenses).reduce((sum, amount) => sum + amount, 0);
  const operatingProfit = grossProfit - totalExpenses;
  return {
    ...facts,
    expenses: { ...facts.expenses },
    netSales,
    grossProfit,
    margin: marginOf(grossProfit, netSales),
    totalExpenses,
    operatingProfit,
    operatingMargin: marginOf(operatingProfit, netSales),
  };
}

/** The facts of several months added up (the total column). */
export function sumMonthFacts(months: readonly MonthFacts[]): MonthFacts {
  const total = emptyMonthFacts();
  for (const month of months) {
    total.grossSales += month.grossSales;
    total.discounts += month.discounts;
    total.refunds += month.refunds;
    total.tax += month.tax;
    total.costOfGoodsSold += month.costOfGoodsSold;
    total.importedSales += month.importedSales;
    for (const [category, amount] of Object.entries(month.expenses)) total.expenses[category] = (total.expenses[category] ?? 0) + amount;
  }
  return total;
}

/** A sale line's amount before discounts and before tax: tax-inclusive prices have their tax taken out as the line's net was. */
export function lineGrossBeforeTax(gross: number, taxRateBasisPoints: number, pricesIncludeTax: boolean): number {
  if (!pricesIncludeTax || taxRateBasisPoints === 0) return gross;
  return Math.round((gross * 10_000) / (10_000 + taxRateBasisPoints));
}

/** One shift of the time clock; an open one (no clock-out) counts up to `now`. */
export interface ClockedShift {
  clockIn: Date;
  clockOut: Date | null;
  breakStart?: Date | null | undefined;
  breakEnd?: Date | null | undefined;
  totalHours: number | null;
}

/** Hours worked over shifts: a closed shift's stored hours (SPEC §4), an open one's time so far less its break. */
export function hoursWorked(shifts: readonly ClockedShift[], now: Date): number {
  let hours = 0;
  for (const shift of shifts) {
    if (shift.clockOut && shift.totalHours !== null) hours += shift.totalHours;
    else {
      const clockOut = shift.clockOut ?? (now.getTime() > shift.clockIn.getTime() ? now : shift.clockIn);
      hours += computeShiftHours({ clockIn: shift.clockIn, clockOut, breakStart: shift.breakStart, breakEnd: shift.breakEnd }).total_hours;
    }
  }
  return Math.round(hours * 100) / 100;
}

/** What an employee rang up, refunded and gave away in a period. */
export interface EmployeeFacts {
  sales: number;
  netSales: number;
  itemsSold: number;
  refunds: number;
  refundAmount: number;
  discounts: number;
  hoursWorked: number;
}

export interface EmployeeFigures extends EmployeeFacts {
  /** Net sales ÷ sales, whole minor units. */
  averageSale: number;
  /** Net sales ÷ hours worked, whole minor units; null without clocked hours. */
  salesPerHour: number | null;
}

export function employeeFiguresOf(facts: EmployeeFacts): EmployeeFigures {
  return {
    ...facts,
    averageSale: facts.sales > 0 ? Math.round(facts.netSales / facts.sales) : 0,
    salesPerHour: facts.hoursWorked > 0 ? Math.round(facts.netSales / facts.hoursWorked) : null,
  };
}
