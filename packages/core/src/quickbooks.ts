import { z } from 'zod';
import type { CashReport } from './contracts/cash-sessions.ts';
import { currencyDecimals, type Minor } from './money.ts';
import { allocateProportionally } from './pricing.ts';
import { singleLine } from './plain-text.ts';
import { dayInZone, safeTimeZone } from './zoned-days.ts';

/**
 * QuickBooks daily summary (issue 12 item 5; feature quickbooks_integration): one balanced
 * journal entry per frozen Z report, the account mapping it uses, and the two files it leaves
 * as (QuickBooks Online's journal-entry CSV import and a QuickBooks Desktop IIF file). The
 * journal rule and its rounding are in docs/decisions/024-quickbooks-journal.md.
 */

export const QUICKBOOKS_ACCOUNT_MAX = 100;
export const QUICKBOOKS_MAPPED_MAX = 200;

/**
 * An account name as it is in the QuickBooks chart of accounts ("Parent:Sub" for a
 * sub-account). One line, no tab or double quote (they would break an IIF row), at most 100
 * characters (QuickBooks Online's limit for an account name).
 */
export const quickbooksAccountName = () =>
  singleLine(z.string().trim().min(1, 'Name the QuickBooks account').max(QUICKBOOKS_ACCOUNT_MAX, 'QuickBooks account names are at most 100 characters')).refine(
    (name) => !name.includes('"'),
    'An account name cannot hold a double quote',
  );

const account = quickbooksAccountName();

const categoryAccountsInput = z
  .record(singleLine(z.string().trim().min(1).max(200)), account)
  .refine((map) => Object.keys(map).length <= QUICKBOOKS_MAPPED_MAX, `At most ${QUICKBOOKS_MAPPED_MAX} categories`)
  .default({});
const taxRateAccountsInput = z
  .record(z.string().regex(/^(0|[1-9]\d{0,4})$/, 'Tax rates are basis points, 0 to 99999'), account)
  .refine((map) => Object.keys(map).length <= QUICKBOOKS_MAPPED_MAX, `At most ${QUICKBOOKS_MAPPED_MAX} tax rates`)
  .default({});
const paymentAccountsInput = z.strictObject({ cash: account, card: account, other: account });

export const quickbooksMappingInput = z.strictObject({
  /** Sales of a category without its own account go here. */
  defaultIncomeAccount: account,
  /** Category name (as it appears in the Z's sales by category) → income account. */
  categoryAccounts: categoryAccountsInput,
  /** Tax of a rate without its own account goes here. */
  defaultTaxAccount: account,
  /** Tax rate in basis points (as a string key, "2000" = 20 %) → tax liability account. */
  taxRateAccounts: taxRateAccountsInput,
  /** Clearing account per payment method: what the drawer, the card processor and other tenders owe the books. */
  paymentAccounts: paymentAccountsInput,
  overShortAccount: account,
  discountsAccount: account,
  /** Null: refunds reduce the income accounts instead of being booked apart. */
  refundsAccount: account.nullable(),
});

/** The mapping as PUT /api/quickbooks/mapping takes it (decision 070: snake_case on the wire); the same rules. */
export const quickbooksMappingBody = z.strictObject({
  /** Sales of a category without its own account go here. */
  default_income_account: account,
  /** Category name (as it appears in the Z's sales by category) → income account. */
  category_accounts: categoryAccountsInput,
  /** Tax of a rate without its own account goes here. */
  default_tax_account: account,
  /** Tax rate in basis points (as a string key, "2000" = 20 %) → tax liability account. */
  tax_rate_accounts: taxRateAccountsInput,
  /** Clearing account per payment method: what the drawer, the card processor and other tenders owe the books. */
  payment_accounts: paymentAccountsInput,
  over_short_account: account,
  discounts_account: account,
  /** Null: refunds reduce the income accounts instead of being booked apart. */
  refunds_account: account.nullable(),
});
export type QuickbooksMappingBody = z.input<typeof quickbooksMappingBody>;

/** The wire's mapping (snake_case) as the rules take it. */
export function mappingFromWire(body: z.output<typeof quickbooksMappingBody>): QuickbooksMapping {
  return {
    defaultIncomeAccount: body.default_income_account,
    categoryAccounts: body.category_accounts,
    defaultTaxAccount: body.default_tax_account,
    taxRateAccounts: body.tax_rate_accounts,
    paymentAccounts: body.payment_accounts,
    overShortAccount: body.over_short_account,
    discountsAccount: body.discounts_account,
    refundsAccount: body.refunds_account,
  };
}

/** The mapping as the wire carries it (snake_case; the maps' keys are data and stay as they are). */
export function mappingToWire(mapping: QuickbooksMappingInput) {
  return {
    default_income_account: mapping.defaultIncomeAccount,
    category_accounts: mapping.categoryAccounts ?? {},
    default_tax_account: mapping.defaultTaxAccount,
    tax_rate_accounts: mapping.taxRateAccounts ?? {},
    payment_accounts: mapping.paymentAccounts,
    over_short_account: mapping.overShortAccount,
    discounts_account: mapping.discountsAccount,
    refunds_account: mapping.refundsAccount,
  };
}
export type QuickbooksMappingInput = z.input<typeof quickbooksMappingInput>;
export type QuickbooksMapping = z.output<typeof quickbooksMappingInput>;

export type JournalLineKind = 'payment' | 'over_short' | 'discounts' | 'refunds' | 'income' | 'tax';

export interface JournalLine {
  account: string;
  kind: JournalLineKind;
  /** Exactly one of debit and credit is more than zero. */
  debit: Minor;
  credit: Minor;
  description: string;
}

export interface JournalEntry {
  /** The Z number, as "Z-12". */
  journalNo: string;
  /** The day the Z was closed, in the business's time zone (YYYY-MM-DD). */
  date: string;
  currency: string;
  memo: string;
  lines: JournalLine[];
  totalDebits: Minor;
  totalCredits: Minor;
}

export class JournalError extends Error {}

/**
 * Splits a signed `total` over `weights` in proportion, in whole minor units, so the parts add
 * up to `total` exactly: pricing's largest-remainder split of its size, with its sign.
 */
export function allocateSigned(total: Minor, weights: readonly Minor[]): Minor[] {
  if (weights.some((weight) => weight < 0) || weights.every((weight) => weight === 0)) throw new JournalError('Weights must be zero or more and not all zero');
  const sign = total < 0 ? -1 : 1;
  return allocateProportionally(Math.abs(total), [...weights]).map((part) => (part === 0 ? 0 : sign * part));
}

/** The journal number of a Z: "Z-12". */
export const journalNumber = (report: Pick<CashReport, 'number'>) => `Z-${report.number ?? 0}`;

/**
 * The balanced journal entry of a closed Z report (docs/decisions/024). Signed amounts, debit
 * positive:
 * - each payment method's clearing account: its sales − its refunds + its counting difference;
 * - over/short: − the sum of the differences (a shortage is a debit, an overage a credit);
 * - discounts: the Z's discounts (debit); refunds, when booked apart: the Z's refunds (debit);
 * - tax liability per rate: − the Z's tax at that rate (sales' tax less refunds' tax);
 * - income: the balancing figure, − (everything above), split over the Z's categories in
 *   proportion to their sales as charged (largest remainder), unmapped ones to the default.
 * For a Z written by Till the income total is the Z's net sales excluding tax + discounts
 * (+ refunds when booked apart); the entry balances to the unit whatever the Z holds.
 */
export function buildJournalEntry(report: CashReport, mapping: QuickbooksMapping): JournalEntry {
  if (report.kind !== 'Z' || report.closedAt === null) throw new JournalError('Only a closed Z report makes a journal entry');
  const signed: { account: string; kind: JournalLineKind; amount: Minor; description: string }[] = [];
  const push = (account: string, kind: JournalLineKind, amount: Minor, description: string) => signed.push({ account, kind, amount, description });

  let differences = 0;
  for (const row of report.byMethod) {
    const difference = row.difference ?? 0;
    differences += difference;
    // Gift cards and points (decision 064) clear through the 'other' account until they get their own.
    const clearing = row.method === 'gift_card' || row.method === 'points' ? 'other' : row.method;
    push(mapping.paymentAccounts[clearing], 'payment', row.sales - row.refunds + difference, `${METHOD_LABELS[row.method]} takings`);
  }
  push(mapping.overShortAccount, 'over_short', -differences, differences < 0 ? 'Drawer short' : 'Drawer over');
  push(mapping.discountsAccount, 'discounts', report.sales.discounts, 'Discounts given');
  if (mapping.refundsAccount !== null) push(mapping.refundsAccount, 'refunds', report.sales.refunds, 'Refunds given');
  for (const rate of report.taxByRate) {
    push(mapping.taxRateAccounts[String(rate.basisPoints)] ?? mapping.defaultTaxAccount, 'tax', -rate.tax, `Tax at ${formatRate(rate.basisPoints)}`);
  }

  // Income: whatever makes the entry balance, split over the categories by their sales.
  const income = -signed.reduce((sum, line) => sum + line.amount, 0);
  const categories = report.byCategory.filter((row) => row.amount > 0);
  const parts = categories.length > 0 ? allocateSigned(income, categories.map((row) => row.amount)) : [];
  const byAccount = new Map<string, { amount: Minor; names: string[] }>();
  const addIncome = (accountName: string, amount: Minor, name: string) => {
    const entry = byAccount.get(accountName) ?? { amount: 0, names: [] };
    entry.amount += amount;
    entry.names.push(name);
    byAccount.set(accountName, entry);
  };
  if (categories.length === 0) addIncome(mapping.defaultIncomeAccount, -income, 'no category');
  categories.forEach((row, index) => addIncome(mapping.categoryAccounts[row.name] ?? mapping.defaultIncomeAccount, -parts[index]!, row.name));
  for (const [accountName, entry] of byAccount) push(accountName, 'income', -entry.amount, `Sales: ${entry.names.join(', ')}`);

  const lines: JournalLine[] = signed
    .filter((line) => line.amount !== 0)
    .map((line) => ({
      account: line.account,
      kind: line.kind,
      debit: line.amount > 0 ? line.amount : 0,
      credit: line.amount < 0 ? -line.amount : 0,
      description: line.description,
    }));
  const totalDebits = lines.reduce((sum, line) => sum + line.debit, 0);
  const totalCredits = lines.reduce((sum, line) => sum + line.credit, 0);
  if (totalDebits !== totalCredits) throw new JournalError('The journal entry does not balance');
  return {
    journalNo: journalNumber(report),
    date: dayInZone(new Date(report.closedAt), safeTimeZone(report.timeZone)),
    currency: report.currency,
    memo: `Z report ${report.number ?? ''} ${report.register.name}`.replace(/\s+/g, ' ').trim(),
    lines,
    totalDebits,
    totalCredits,
  };
}

const METHOD_LABELS = { cash: 'Cash', card: 'Card', other: 'Other', gift_card: 'Gift card', points: 'Points' } as const;

function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** An amount in major units with the currency's decimals, no grouping: 1234.5 USD → "1234.50". */
export function formatJournalAmount(amount: Minor, currency: string): string {
  const decimals = currencyDecimals(currency);
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : `.${digits.slice(-decimals)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** YYYY-MM-DD → MM/DD/YYYY, the date QuickBooks imports expect. */
export function usDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

const csvCell = (value: string) => {
  // A leading =, +, - or @ is read as a formula by spreadsheets: quote it with an apostrophe.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const QUICKBOOKS_CSV_HEADER = ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name'] as const;

/** QuickBooks Online's journal-entry import: one row per line; rows sharing a JournalNo form one entry. */
export function journalEntriesCsv(entries: readonly JournalEntry[]): string {
  const rows = [QUICKBOOKS_CSV_HEADER.join(',')];
  for (const entry of entries) {
    for (const line of entry.lines) {
      rows.push(
        [
          entry.journalNo,
          usDate(entry.date),
          line.account,
          line.debit > 0 ? formatJournalAmount(line.debit, entry.currency) : '',
          line.credit > 0 ? formatJournalAmount(line.credit, entry.currency) : '',
          `${entry.memo}: ${line.description}`,
          '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

const iifField = (value: string) => value.replace(/[\t\r\n"]/g, ' ');

/**
 * QuickBooks Desktop's IIF: a GENERAL JOURNAL transaction per entry, its first line as TRNS and
 * the others as SPL, closed by ENDTRNS; amounts signed (debit positive), dates MM/DD/YYYY.
 */
export function journalEntriesIif(entries: readonly JournalEntry[]): string {
  const rows = [
    ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'AMOUNT', 'DOCNUM', 'MEMO'].join('\t'),
    ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'AMOUNT', 'DOCNUM', 'MEMO'].join('\t'),
    '!ENDTRNS',
  ];
  for (const entry of entries) {
    entry.lines.forEach((line, index) => {
      rows.push(
        [
          index === 0 ? 'TRNS' : 'SPL',
          '',
          'GENERAL JOURNAL',
          usDate(entry.date),
          iifField(line.account),
          formatJournalAmount(line.debit - line.credit, entry.currency),
          entry.journalNo,
          iifField(`${entry.memo}: ${line.description}`),
        ].join('\t'),
      );
    });
    rows.push('ENDTRNS');
  }
  return `${rows.join('\r\n')}\r\n`;
}

// ── The contract the web and the server share ───────────────────────────────────────────────

export const quickbooksMappingSchema = z.object({
  default_income_account: z.string(),
  category_accounts: z.record(z.string(), z.string()),
  default_tax_account: z.string(),
  tax_rate_accounts: z.record(z.string(), z.string()),
  payment_accounts: z.object({ cash: z.string(), card: z.string(), other: z.string() }),
  over_short_account: z.string(),
  discounts_account: z.string(),
  refunds_account: z.string().nullable(),
});

export const journalEntrySchema = z.object({
  journal_no: z.string(),
  date: z.string(),
  currency: z.string(),
  memo: z.string(),
  lines: z.array(
    z.object({
      account: z.string(),
      kind: z.enum(['payment', 'over_short', 'discounts', 'refunds', 'income', 'tax']),
      debit: z.number().int(),
      credit: z.number().int(),
      description: z.string(),
    }),
  ),
  total_debits: z.number().int(),
  total_credits: z.number().int(),
});
export type JournalEntryView = z.infer<typeof journalEntrySchema>;

/** A journal entry as the wire carries it (snake_case). */
export function journalEntryToWire(entry: JournalEntry): JournalEntryView {
  return {
    journal_no: entry.journalNo,
    date: entry.date,
    currency: entry.currency,
    memo: entry.memo,
    lines: entry.lines.map((line) => ({ account: line.account, kind: line.kind, debit: line.debit, credit: line.credit, description: line.description })),
    total_debits: entry.totalDebits,
    total_credits: entry.totalCredits,
  };
}

export const quickbooksDaySchema = z.object({
  session_id: z.uuid(),
  number: z.number().int(),
  register_name: z.string(),
  closed_at: z.string(),
  date: z.string(),
  net_sales: z.number().int(),
  currency: z.string(),
  /** Null until the accounts are mapped. */
  entry: journalEntrySchema.nullable(),
  export: z.object({ exported_at: z.string(), exported_by: z.string(), format: z.enum(['csv', 'iif']), count: z.number().int() }).nullable(),
});
export type QuickbooksDay = z.infer<typeof quickbooksDaySchema>;

export const QUICKBOOKS_EXPORT_FORMATS = ['csv', 'iif'] as const;
export type QuickbooksExportFormat = (typeof QUICKBOOKS_EXPORT_FORMATS)[number];
