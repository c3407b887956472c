import { formatMoney } from '@till/core';
import type { CsvCell } from '@/lib/csv';
import { minorToDecimalText } from '@/lib/money';
import type { EmployeeFigures } from '../api/employee-performance';

export const formatHours = (hours: number) => `${hours.toFixed(2)} h`;

/** The columns of the figures, for the screen and for CSV (money as numbers in currency units). */
export function performanceColumns(currency: string) {
  const money = (amount: number) => formatMoney(amount, currency);
  const csvMoney = (amount: number | null): CsvCell => (amount === null ? null : Number(minorToDecimalText(amount, currency)));
  return [
    { header: 'Sales', show: (row: EmployeeFigures) => String(row.sales), csv: (row: EmployeeFigures): CsvCell => row.sales },
    { header: 'Net sales', show: (row: EmployeeFigures) => money(row.netSales), csv: (row: EmployeeFigures) => csvMoney(row.netSales) },
    { header: 'Items', show: (row: EmployeeFigures) => String(row.itemsSold), csv: (row: EmployeeFigures): CsvCell => row.itemsSold },
    { header: 'Average sale', show: (row: EmployeeFigures) => money(row.averageSale), csv: (row: EmployeeFigures) => csvMoney(row.averageSale) },
    {
      header: 'Refunds given',
      show: (row: EmployeeFigures) => (row.refunds === 0 ? '—' : `${row.refunds} · ${money(row.refundAmount)}`),
      csv: (row: EmployeeFigures) => csvMoney(row.refundAmount),
    },
    { header: 'Discounts given', show: (row: EmployeeFigures) => money(row.discounts), csv: (row: EmployeeFigures) => csvMoney(row.discounts) },
    { header: 'Hours worked', show: (row: EmployeeFigures) => formatHours(row.hoursWorked), csv: (row: EmployeeFigures): CsvCell => row.hoursWorked },
    {
      header: 'Sales per hour',
      show: (row: EmployeeFigures) => (row.salesPerHour === null ? '—' : money(row.salesPerHour)),
      csv: (row: EmployeeFigures) => csvMoney(row.salesPerHour),
    },
  ];
}
