import { customerTagsInput, singleLine } from '@till/core';
import { z } from '@hono/zod-openapi';

/** Blank optional fields mean "none" (a form sends what its inputs hold). */
export const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

export const customerName = singleLine(z.string().trim().min(1, 'Enter the customer’s name').max(200));
export const customerEmail = z
  .union([z.literal(''), z.email('Enter a valid email address').max(254)])
  .nullable()
  .openapi({ description: 'Unique within the business (case-insensitive); blank or null for none' });
export const customerPhone = z
  .string()
  .trim()
  .max(40)
  .refine((value) => value === '' || /^\+?[0-9 ().\-/]+$/.test(value), 'A phone number has only digits, spaces and + ( ) - . /')
  .refine((value) => value === '' || value.replace(/\D/g, '').length >= 3, 'A phone number has at least 3 digits')
  .nullable();
/** Labels (decision 065): stored lower-cased, each once, sorted; at most 20 of 40 characters. */
export const customerTags = customerTagsInput;
export const customerNotes = z.string().max(2000).nullable();
