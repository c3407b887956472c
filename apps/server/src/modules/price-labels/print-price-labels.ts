import { BARCODE_KINDS, checkBarcode, type BarcodeKind } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderLabelsPdf, type LabelTemplate } from '../../lib/documents/index.ts';
import { priceLabelsRepository as repo } from './price-labels.repository.ts';

/**
 * The barcode a product's label carries: its barcode as EAN-13, UPC-A or EAN-8 when the digits and
 * check digit make one, else Code 128; none when it has no barcode or one no symbology takes.
 */
export function labelBarcode(value: string | null): { kind: BarcodeKind; value: string } | undefined {
  if (!value) return undefined;
  const candidates: BarcodeKind[] = /^\d+$/.test(value) ? (value.length === 13 ? ['ean13'] : value.length === 12 ? ['upca'] : value.length === 8 ? ['ean8'] : []) : [];
  for (const kind of [...candidates, 'code128' as const].filter((kind) => BARCODE_KINDS.includes(kind))) {
    const check = checkBarcode(kind, value);
    if (check.ok) return { kind, value: check.value };
  }
  return undefined;
}

export interface PrintLabelsInput {
  template: LabelTemplate;
  items: { productId: string; copies: number }[];
  skip?: number | undefined;
  outline?: boolean | undefined;
  /** Take the printed products out of the labels-to-print queue. */
  clearQueue?: boolean | undefined;
}

/**
 * Renders the products' labels (name, price, barcode) as a PDF at the template's exact size, and
 * when asked takes them out of the queue, in the same transaction: a failed render leaves the
 * queue as it was. Audited.
 */
export async function printPriceLabels(database: Database, tenant: TenantContext, input: PrintLabelsInput) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ids = [...new Set(input.items.map((item) => item.productId))];
    const rows = new Map((await repo.products(tx, tenant.businessId, ids)).map((row) => [row.id, row]));
    const missing = ids.filter((id) => !rows.has(id));
    if (missing.length > 0) throw new AppError(422, 'product_not_found', 'A label names a product this business does not have', { product_ids: missing });
    const currency = await repo.currencyOf(tx, tenant.businessId);
    const labels = input.items.map((item) => {
      const product = rows.get(item.productId)!;
      const barcode = labelBarcode(product.barcode);
      return { name: product.name, price: product.price, copies: item.copies, ...(barcode ? { barcode } : {}) };
    });
    const pdf = await renderLabelsPdf({ template: input.template, labels, currency, locale: 'en-US', skip: input.skip, outline: input.outline });
    const cleared = input.clearQueue ? (await repo.dequeue(tx, tenant.businessId, ids)).map((row) => row.productId) : [];
    await repo.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      action: 'price_labels.printed',
      details: { template: input.template, labels: input.items.reduce((sum, item) => sum + item.copies, 0), products: ids.length, cleared_from_queue: cleared.length },
    });
    return { pdf, count: input.items.reduce((sum, item) => sum + item.copies, 0) };
  });
}
