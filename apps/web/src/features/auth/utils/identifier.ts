/**
 * The sign-in and sign-up forms have one "Email or phone" field: anything with an @ is an
 * email address, anything else a phone number. Blank means neither.
 */
export function credentialsFromIdentifier(identifier: string): { email?: string; phone?: string } {
  const value = identifier.trim();
  if (!value) return {};
  return value.includes('@') ? { email: value } : { phone: value };
}
