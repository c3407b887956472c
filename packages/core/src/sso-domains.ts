/**
 * E-mail domains of a business's single sign-on provider (decision 068): how a typed domain is
 * written down, and which addresses a provider may sign in.
 */

/** A DNS name of at least two labels, each 1–63 letters, digits or inner hyphens; 253 characters at most. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The domain as stored (lower case, no trailing dot, no leading "@"), or null when it is not a domain name. */
export function normalizeSsoDomain(text: string): string | null {
  const domain = text.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  return DOMAIN.test(domain) ? domain : null;
}

/** The domain of an e-mail address (after its last "@"), normalized; null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 ? normalizeSsoDomain(email.slice(at + 1)) : null;
}

/** A provider signs in only addresses of its own proven domains (a subdomain is a domain of its own). */
export function ssoProviderMaySignIn(domains: readonly string[], email: string): boolean {
  const domain = emailDomain(email);
  return domain !== null && domains.includes(domain);
}

/** The DNS TXT record that proves a business controls a domain: its name and its value. */
export function ssoDomainRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `_till-sso.${domain}`, value: `till-sso=${token}` };
}
