import { symmetricEncrypt } from 'better-auth/crypto';
import { normalizeSsoDomain, ssoDomainRecord } from '@till/core';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { domainProofToken, isDomainProven } from './domain-proof.ts';
import { guardedProviderFetch, providerAddressProblem } from './provider-fetch.ts';
import { discover } from './sso-provider.ts';
import { businessProviderId, callbackUrl } from './sso.ts';
import { ssoProvidersRepository as repo, type SsoProviderRow } from './sso-providers.repository.ts';

export interface BusinessSsoInput {
  displayName: string;
  issuer: string;
  clientId: string;
  /** Left out: the saved one is kept; null: none (a public client, PKCE alone). */
  clientSecret?: string | null | undefined;
  domains: string[];
}

/** The wire's shape (decision 070: snake_case) of the business's provider. */
function view(row: SsoProviderRow, domains: { domain: string; verifiedAt: Date }[]) {
  return {
    id: businessProviderId(row.id),
    display_name: row.displayName,
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: row.clientSecret !== null,
    domains: domains.map((entry) => ({ domain: entry.domain, verified_at: entry.verifiedAt.toISOString() })),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the settings card shows: the provider (secret never), the address to register at the provider, and the DNS proof to publish. */
export async function getBusinessSsoProvider(services: Services, tenant: TenantContext) {
  const { businessId } = tenant;
  const [row, domains] = await services.database.withTenant(businessId, async (tx) => [await repo.provider(tx, businessId), await repo.domains(tx, businessId)] as const);
  return {
    provider: row ? view(row, domains) : null,
    redirect_uri: callbackUrl(services),
    domain_proof: ssoDomainRecord('<domain>', domainProofToken(services.config, businessId)),
  };
}

const actor = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });

/**
 * Saves the business's provider (decision 068). Everything is checked before anything is written:
 * the issuer's address (https, not a private network), each domain's form, that no other business
 * has it, its DNS proof (new domains only), and the issuer's discovery document, fetched now.
 */
export async function saveBusinessSsoProvider(services: Services, tenant: TenantContext, input: BusinessSsoInput, now: Date) {
  const { businessId } = tenant;
  const issuer = input.issuer.trim().replace(/\/+$/, '');
  const problem = providerAddressProblem(issuer, services.config.businessSso.allowLoopback);
  if (problem) throw badRequest('sso_issuer_not_allowed', problem);
  const domains: string[] = [];
  for (const text of input.domains) {
    const domain = normalizeSsoDomain(text);
    if (!domain) throw badRequest('validation_error', `“${text.slice(0, 100)}” is not an e-mail domain (like shop.example)`, { domain: text.slice(0, 100) });
    if (!domains.includes(domain)) domains.push(domain);
  }
  const taken = await repo.domainsOfOthers(services.database.db, businessId, domains);
  if (taken.length > 0) throw new AppError(409, 'sso_domain_taken', `${taken.join(', ')} already signs in through another business`, { domains: taken });
  const existing = await services.database.withTenant(businessId, async (tx) => ({ row: await repo.provider(tx, businessId), domains: await repo.domains(tx, businessId) }));
  const token = domainProofToken(services.config, businessId);
  for (const domain of domains) {
    if (existing.domains.some((entry) => entry.domain === domain)) continue;
    if (!(await isDomainProven(services.config, businessId, domain))) {
      const record = ssoDomainRecord(domain, token);
      throw badRequest('sso_domain_unproven', `Add a DNS TXT record ${record.name} with the value ${record.value}, then save again`, { domain, record });
    }
  }
  const clientId = input.clientId.trim();
  const provider = {
    id: 'settings-check',
    name: input.displayName,
    issuer,
    clientId,
    clientSecret: undefined,
    businessId,
    fetch: guardedProviderFetch(services.config.businessSso.allowLoopback),
  };
  try {
    await discover(provider, true);
  } catch (error) {
    if (error instanceof AppError && error.code === 'sso_provider_unavailable') {
      throw badRequest('sso_discovery_invalid', `${issuer} did not answer a valid OpenID Connect discovery document (${issuer}/.well-known/openid-configuration)`);
    }
    throw error;
  }
  const clientSecret =
    input.clientSecret === undefined
      ? (existing.row?.clientSecret ?? null)
      : input.clientSecret === null
        ? null
        : await symmetricEncrypt({ key: services.config.authSecret, data: input.clientSecret });
  try {
    return await services.database.withTenant(businessId, async (tx) => {
      const row = await repo.upsertProvider(tx, { businessId, displayName: input.displayName.trim(), issuer, clientId, clientSecret, updatedAt: now });
      await repo.replaceDomains(tx, businessId, row.id, domains, now);
      await repo.insertAudit(tx, { businessId, ...actor(tenant), action: existing.row ? 'sso_provider.updated' : 'sso_provider.created', details: { issuer, domains } });
      return { provider: view(row, await repo.domains(tx, businessId)) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'sso_domain_taken', 'One of these domains was just claimed by another business', { domains });
    throw error;
  }
}

/** Removes the provider and its domains; accounts it made keep their other ways to sign in. */
export async function deleteBusinessSsoProvider(services: Services, tenant: TenantContext) {
  const { businessId } = tenant;
  await services.database.withTenant(businessId, async (tx) => {
    if (!(await repo.deleteProvider(tx, businessId))) throw new AppError(404, 'sso_provider_not_found', 'This business has no sign-in provider');
    await repo.insertAudit(tx, { businessId, ...actor(tenant), action: 'sso_provider.deleted', details: {} });
  });
  return { deleted: true as const };
}
