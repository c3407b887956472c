import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, employees, profiles, ssoDomains, ssoProviders } from '../../db/schema/index.ts';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

/**
 * A business's own OpenID Connect provider and its domains (decision 068). The settings calls run
 * in the business's fenced transaction; sign-in finds a provider by domain or id as the connecting
 * role (account-level, before any tenant is known).
 */
export const ssoProvidersRepository = {
  async provider(tx: Tx, businessId: string): Promise<SsoProviderRow | null> {
    const [row] = await tx.select().from(ssoProviders).where(eq(ssoProviders.businessId, businessId)).limit(1);
    return row ?? null;
  },

  async domains(tx: Tx, businessId: string): Promise<{ domain: string; verifiedAt: Date }[]> {
    return tx.select({ domain: ssoDomains.domain, verifiedAt: ssoDomains.verifiedAt }).from(ssoDomains).where(eq(ssoDomains.businessId, businessId)).orderBy(ssoDomains.domain);
  },

  /** Saves the business's one provider (made or changed) and returns it. */
  async upsertProvider(tx: Tx, values: Omit<typeof ssoProviders.$inferInsert, 'id' | 'createdAt'>): Promise<SsoProviderRow> {
    const [row] = await tx
      .insert(ssoProviders)
      .values(values)
      .onConflictDoUpdate({
        target: ssoProviders.businessId,
        set: { displayName: values.displayName, issuer: values.issuer, clientId: values.clientId, clientSecret: values.clientSecret, updatedAt: values.updatedAt },
      })
      .returning();
    return row!;
  },

  /** The provider's domains become exactly these; a domain already proven keeps its date. A domain of another business fails the unique key. */
  async replaceDomains(tx: Tx, businessId: string, providerId: string, domains: string[], now: Date): Promise<void> {
    const kept = await tx.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.businessId, businessId));
    for (const { domain } of kept) {
      if (!domains.includes(domain)) await tx.delete(ssoDomains).where(and(eq(ssoDomains.businessId, businessId), eq(ssoDomains.domain, domain)));
    }
    const fresh = domains.filter((domain) => !kept.some((row) => row.domain === domain));
    if (fresh.length > 0) await tx.insert(ssoDomains).values(fresh.map((domain) => ({ domain, businessId, providerId, verifiedAt: now })));
  },

  async deleteProvider(tx: Tx, businessId: string): Promise<boolean> {
    const rows = await tx.delete(ssoProviders).where(eq(ssoProviders.businessId, businessId)).returning({ id: ssoProviders.id });
    return rows.length > 0;
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert): Promise<void> {
    await tx.insert(auditLog).values(values);
  },

  /** Domains among these that another business has already proven (account-level). */
  async domainsOfOthers(db: Db, businessId: string, domains: string[]): Promise<string[]> {
    if (domains.length === 0) return [];
    const rows = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(and(ne(ssoDomains.businessId, businessId), inArray(ssoDomains.domain, domains)));
    return rows.map((row) => row.domain);
  },

  /** Whether any business has a provider with a proven domain (account-level). */
  async anyProvider(db: Db): Promise<boolean> {
    const [row] = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).limit(1);
    return Boolean(row);
  },

  /** The provider that signs in addresses of this domain, with all its domains (account-level). */
  async findByDomain(db: Db, domain: string): Promise<(SsoProviderRow & { domains: string[] }) | null> {
    const [hit] = await db.select({ providerId: ssoDomains.providerId }).from(ssoDomains).where(eq(ssoDomains.domain, domain)).limit(1);
    return hit ? ssoProvidersRepository.findById(db, hit.providerId) : null;
  },

  async findById(db: Db, id: string): Promise<(SsoProviderRow & { domains: string[] }) | null> {
    const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)).limit(1);
    if (!row) return null;
    const domains = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.providerId, id));
    return { ...row, domains: domains.map((entry) => entry.domain) };
  },

  /** The names of these providers (for the identities list; account-level). */
  async names(db: Db, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: ssoProviders.id, displayName: ssoProviders.displayName }).from(ssoProviders).where(inArray(ssoProviders.id, ids));
    return new Map(rows.map((row) => [row.id, row.displayName]));
  },

  /** A new account joins the business: its profile names the business (account-level, like a sign-up's). */
  async insertMemberProfile(db: Db, values: { userId: string; businessId: string; fullName: string | null }): Promise<void> {
    await db.insert(profiles).values({ userId: values.userId, businessId: values.businessId, fullName: values.fullName, businessName: null });
  },

  /** …and an employee row with the least role, inside the business's fenced transaction. */
  async insertMemberEmployee(tx: Tx, values: { businessId: string; userId: string; fullName: string; email: string }): Promise<void> {
    await tx.insert(employees).values({ ...values, role: 'cashier', isActive: true, permissions: {} });
  },
};
