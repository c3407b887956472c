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
    { header: 'Net sales', show: (row: EmployeeFigures) => money(row.net_sales), csv: (row: EmployeeFigures) => csvMoney(row.net_sales) },
    { header: 'Items', show: (row: EmployeeFigures) => String(row.items_sold), csv: (row: EmployeeFigures): CsvCell => row.items_sold },
    { header: 'Average sale', show: (row: EmployeeFigures) => money(row.average_sale), csv: (row: EmployeeFigures) => csvMoney(row.average_sale) },
    {
      header: 'Refunds given',
      show: (row: EmployeeFigures) => (row.refunds === 0 ? '—' : `${row.refunds} · ${money(row.refund_amount)}`),
      csv: (row: EmployeeFigures) => csvMoney(row.refund_amount),
    },
    { header: 'Discounts given', show: (row: EmployeeFigures) => money(row.discounts), csv: (row: EmployeeFigures) => csvMoney(row.discounts) },
    { header: 'Hours worked', show: (row: EmployeeFigures) => formatHours(row.hours_worked), csv: (row: EmployeeFigures): CsvCell => row.hours_worked },
    {
      header: 'Sales per hour',
      show: (row: EmployeeFigures) => (row.sales_per_hour === null ? '—' : money(row.sales_per_hour)),
      csv: (row: EmployeeFigures) => csvMoney(row.sales_per_hour),
    },
  ];
}
