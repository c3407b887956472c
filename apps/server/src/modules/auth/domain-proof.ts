import { createHmac } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { ssoDomainRecord } from '@till/core';
import type { AppConfig } from '../../env.ts';

/**
 * Proof that a business controls an e-mail domain (decision 068): a DNS TXT record
 * `_till-sso.<domain>` holding `till-sso=<token>`, the token being the business's own (an HMAC of
 * its id under the auth secret, so nothing is stored and no other business can know it).
 */
export function domainProofToken(config: AppConfig, businessId: string): string {
  return createHmac('sha256', config.authSecret).update(`sso-domain:${businessId}`).digest('base64url').slice(0, 32);
}

/** Whether the domain's TXT record carries the business's token now (a failed lookup is no proof). */
export async function isDomainProven(config: AppConfig, businessId: string, domain: string): Promise<boolean> {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (config.businessSso.dnsServers) resolver.setServers(config.businessSso.dnsServers);
  const record = ssoDomainRecord(domain, domainProofToken(config, businessId));
  try {
    const answers = await resolver.resolveTxt(record.name);
    return answers.some((chunks) => chunks.join('').trim() === record.value);
  } catch {
    return false;
  }
}
