import { z } from 'zod';
import type { Customer } from '../api/types';
import type { CustomerFormValues } from './customer-form-values';

export { emptyCustomerForm, formValuesFromSearch, type CustomerFormValues } from './customer-form-values';

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Use at most 254 characters')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address');

const optionalPhone = z
  .string()
  .trim()
  .max(40, 'Use at most 40 characters')
  .refine((value) => value === '' || /^\+?[0-9 ().\-/]+$/.test(value), 'Use digits, spaces and + ( ) - . / only')
  .refine((value) => value === '' || value.replace(/\D/g, '').length >= 3, 'Enter at least 3 digits');

/** The customer form: the server checks the same rules (and that the email is not taken). */
export const customerFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter the customer’s name').max(200, 'Use at most 200 characters'),
  email: optionalEmail,
  phone: optionalPhone,
  notes: z.string().max(2000, 'Use at most 2000 characters'),
});

export interface CustomerPayload {
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
}

export function toCustomerFormValues(customer: Customer): CustomerFormValues {
  return { name: customer.name, email: customer.email ?? '', phone: customer.phone ?? '', notes: customer.notes ?? '' };
}

/** Blank optional fields are sent as null ("none"). */
export function toCustomerPayload(values: CustomerFormValues): CustomerPayload {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return { name: values.name.trim(), email: orNull(values.email), phone: orNull(values.phone), notes: orNull(values.notes) };
}
