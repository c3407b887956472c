/** The customer form's values (customer-form.ts has its zod rules): zod-free, for the till's customer picker (decision 058). */
export interface CustomerFormValues {
  name: string;
  email: string;
  phone: string;
  notes: string;
}

export const emptyCustomerForm: CustomerFormValues = { name: '', email: '', phone: '', notes: '' };

/**
 * Pre-fills a quick "add customer" form from what was typed in the search box: an email goes
 * to email, something mostly digits to phone, anything else to the name.
 */
export function formValuesFromSearch(q: string): CustomerFormValues {
  const text = q.trim();
  if (text.includes('@')) return { ...emptyCustomerForm, email: text };
  if (/^\+?[0-9 ().\-/]{3,}$/.test(text) && text.replace(/\D/g, '').length >= 3) return { ...emptyCustomerForm, phone: text };
  return { ...emptyCustomerForm, name: text };
}
