import { describe, expect, it } from 'vitest';
import { customerFormSchema, formValuesFromSearch, toCustomerPayload } from './customer-form';

describe('customer form', () => {
  it('sends blank optional fields as null and trims the rest', () => {
    expect(toCustomerPayload({ name: ' Jane ', email: '  ', phone: ' 555 0100 ', notes: '' })).toEqual({
      name: 'Jane',
      email: null,
      phone: '555 0100',
      notes: null,
    });
  });

  it.each([
    [{ name: '', email: '', phone: '', notes: '' }, 'name'],
    [{ name: 'Jane', email: 'jane@', phone: '', notes: '' }, 'email'],
    [{ name: 'Jane', email: '', phone: 'call me', notes: '' }, 'phone'],
    [{ name: 'Jane', email: '', phone: '12', notes: '' }, 'phone'],
  ])('refuses %o on %s', (values, field) => {
    const result = customerFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('accepts a name alone, or with email and phone', () => {
    expect(customerFormSchema.safeParse({ name: 'Jane', email: '', phone: '', notes: '' }).success).toBe(true);
    expect(customerFormSchema.safeParse({ name: 'Jane', email: 'jane@example.com', phone: '+1 (555) 010-0100', notes: 'VIP' }).success).toBe(true);
  });

  it('pre-fills a new customer from the search: email, phone or name', () => {
    expect(formValuesFromSearch('jane@example.com')).toMatchObject({ email: 'jane@example.com', name: '' });
    expect(formValuesFromSearch(' 555-0100 ')).toMatchObject({ phone: '555-0100', name: '' });
    expect(formValuesFromSearch('Jane Doe')).toMatchObject({ name: 'Jane Doe', email: '', phone: '' });
  });
});
