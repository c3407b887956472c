import type { ModifierGroup, ModifierGroupsInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { actorOf, requireAccess } from './catalogue-access.ts';
import { productNotFound, readProductView } from './get-product.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

/**
 * Replaces a product's modifier groups (decision 035). Groups and options keep the ids they were
 * sent with when those are already the product's (so a till's cart and an open kitchen ticket
 * still name them); any other id is replaced by a new one, so a product never takes another's
 * option ids. Options carry prices, so besides can_edit_product_details (the route) this needs
 * can_change_prices, like the product's price. Audited with the old and new groups.
 */
export async function setModifierGroups(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: ModifierGroupsInput,
  signUrl: FileUrlSigner,
): Promise<ProductView> {
  requireAccess(tenant, { adminPermission: 'can_edit_product_details' });
  requireAccess(tenant, { adminPermission: 'can_change_prices' });
  return database.withTenant(tenant.businessId, async (tx) => {
    const current = await productsRepository.findForUpdate(tx, tenant.businessId, id);
    if (!current) throw productNotFound();
    const own = new Set((current.modifierGroups ?? []).flatMap((group) => [group.id, ...group.options.map((option) => option.id)]));
    const keep = (given: string | undefined) => (given && own.has(given) ? given : uuidV7());
    const groups: ModifierGroup[] = input.groups.map((group) => ({
      id: keep(group.id),
      name: group.name,
      minChoices: group.min_choices,
      maxChoices: Math.min(group.max_choices, group.options.length),
      options: group.options.map((option) => ({ id: keep(option.id), name: option.name, priceDelta: option.price_delta })),
    }));
    await productsRepository.update(tx, tenant.businessId, id, { modifierGroups: groups });
    await productsRepository.insertAudits(tx, [
      {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: 'product.modifiers_changed',
        details: { product_id: id, name: current.name, old_groups: current.modifierGroups ?? [], new_groups: groups },
      },
    ]);
    return readProductView(tx, tenant.businessId, id, signUrl);
  });
}
