import type { CsvCell } from '@/lib/csv';
import { minorToDecimalText } from '@/lib/money';
import type { ProfitAndLoss, StatementFigures } from '../api/profit-and-loss';

/** Minus, without a -0 that would print as “-$0.00”. */
const minus = (amount: number) => (amount === 0 ? 0 : -amount);

/** One line of the statement: how to read it from a month's (or the total's) figures. */
export interface StatementLine {
  key: string;
  label: string;
  value: (figures: StatementFigures) => number | null;
  kind: 'money' | 'percent';
  /** A subtotal, shown in bold. */
  strong?: boolean;
  /** Shown indented under the line before. */
  indent?: boolean;
}

/** The statement top to bottom: sales, cost, gross profit, expenses by category, operating profit; tax apart. */
export function statementLines(statement: Pick<ProfitAndLoss, 'expense_categories'>): StatementLine[] {
  return [
    { key: 'gross', label: 'Gross sales', value: (f) => f.gross_sales, kind: 'money' },
    { key: 'discounts', label: 'Discounts', value: (f) => minus(f.discounts), kind: 'money', indent: true },
    { key: 'refunds', label: 'Refunds', value: (f) => minus(f.refunds), kind: 'money', indent: true },
    { key: 'net', label: 'Net sales', value: (f) => f.net_sales, kind: 'money', strong: true },
    { key: 'cogs', label: 'Cost of goods sold', value: (f) => minus(f.cost_of_goods_sold), kind: 'money' },
    { key: 'gross-profit', label: 'Gross profit', value: (f) => f.gross_profit, kind: 'money', strong: true },
    { key: 'margin', label: 'Gross margin', value: (f) => f.margin, kind: 'percent', indent: true },
    ...statement.expense_categories.map((category, index) => ({
      key: `expense-${category.id}`,
      label: category.name,
      value: (f: StatementFigures) => minus(f.expenses[index]?.amount ?? 0),
      kind: 'money' as const,
      indent: true,
    })),
    { key: 'expenses', label: 'Expenses', value: (f) => minus(f.total_expenses), kind: 'money', strong: true },
    { key: 'operating-profit', label: 'Operating profit', value: (f) => f.operating_profit, kind: 'money', strong: true },
    { key: 'tax', label: 'Tax collected (not income)', value: (f) => f.tax, kind: 'money' },
    { key: 'imported', label: 'Of which imported sales', value: (f) => f.imported_sales, kind: 'money' },
  ];
}

/** The statement as CSV cells: a line per row, a month per column, then the total; money as decimals. */
export function statementCsv(statement: ProfitAndLoss): { header: string[]; rows: CsvCell[][] } {
  const lines = statementLines(statement).filter((line) => line.key !== 'imported' || statement.includes_imported_sales);
  const cell = (line: StatementLine, figures: StatementFigures): CsvCell => {
    const value = line.value(figures);
    if (value === null) return null;
    // Numbers, not text: a negative amount as text would be taken for a formula and quoted.
    return line.kind === 'percent' ? Math.round(value * 10_000) / 100 : Number(minorToDecimalText(value, statement.currency));
  };
  return {
    header: [`Line (${statement.currency}; margin in %)`, ...statement.months.map((month) => month.month), 'Total'],
    rows: lines.map((line) => [line.label, ...statement.months.map((month) => cell(line, month)), cell(line, statement.total)]),
  };
}
