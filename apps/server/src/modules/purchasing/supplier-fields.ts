import { blankToNull } from './purchasing-input.ts';

export interface SupplierFieldsInput {
  contactName?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  address?: string | null | undefined;
  taxNumber?: string | null | undefined;
  paymentTermsDays?: number | undefined;
  leadTimeDays?: number | null | undefined;
  currencyNote?: string | null | undefined;
  notes?: string | null | undefined;
}

/** The columns a create or edit sets: only the fields sent, blanks as none. */
export function supplierColumns(input: SupplierFieldsInput) {
  const columns: Record<string, unknown> = {};
  for (const key of ['contactName', 'email', 'phone', 'address', 'taxNumber', 'currencyNote', 'notes'] as const) {
    const value = blankToNull(input[key]);
    if (value !== undefined) columns[key] = value;
  }
  if (input.paymentTermsDays !== undefined) columns.paymentTermsDays = input.paymentTermsDays;
  if (input.leadTimeDays !== undefined) columns.leadTimeDays = input.leadTimeDays;
  return columns as {
    contactName?: string | null;
    email?: string | null;
    phone?: string | null;
    address?: string | null;
    taxNumber?: string | null;
    currencyNote?: string | null;
    notes?: string | null;
    paymentTermsDays?: number;
    leadTimeDays?: number | null;
  };
}
