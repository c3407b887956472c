import type { Database } from '../../db/client.ts';
import { renderDocumentPdf } from '../../lib/documents/index.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { readPurchaseOrder } from './read-purchase-order.ts';
import type { PurchaseOrderView } from './purchasing-views.ts';

/** The purchase order as an A4 PDF (pdfkit, decision 010): supplier, lines with supplier codes, tax and totals. */
export async function renderPurchaseOrderPdf(database: Database, businessId: string, id: string): Promise<{ order: PurchaseOrderView; pdf: Buffer }> {
  const { order, business, supplier, codes } = await database.withTenant(businessId, async (tx) => {
    const view = await readPurchaseOrder(tx, businessId, id);
    const supplierRow = (await repo.findSupplier(tx, businessId, view.supplier.id))!;
    const links = await repo.supplierProductsFor(
      tx,
      businessId,
      supplierRow.id,
      view.lines.map((line) => line.productId),
    );
    return { order: view, business: await repo.businessOf(tx, businessId), supplier: supplierRow, codes: new Map(links.map((link) => [link.productId, link.supplierCode])) };
  });
  const withTax = order.lines.some((line) => line.taxRateBp > 0);
  const taxRates = [...new Set(order.lines.map((line) => line.taxRateBp))].filter((rate) => rate > 0);
  const pdf = await renderDocumentPdf({
    page: 'a4',
    currency: order.currency,
    locale: 'en-US',
    time_zone: business.timeZone,
    business: { name: business.name },
    title: 'Purchase order',
    number: order.label,
    dates: [{ label: 'Order date', date: (order.sentAt ?? order.createdAt).slice(0, 10) }, ...(order.expectedDate ? [{ label: 'Deliver by', date: order.expectedDate }] : [])],
    parties: [
      {
        label: 'Supplier',
        name: supplier.name,
        lines: [supplier.contactName, ...(supplier.address ?? '').split(/\r?\n/), supplier.email, supplier.phone, supplier.taxNumber ? `Tax number ${supplier.taxNumber}` : null].filter(
          (line): line is string => Boolean(line && line.trim()),
        ),
      },
    ],
    lines: order.lines.map((line) => {
      const code = codes.get(line.productId);
      const packs = line.packSize > 1 ? `${line.quantityOrdered / line.packSize} packs of ${line.packSize}` : null;
      const detail = [code ? `Supplier code ${code}` : null, packs].filter(Boolean).join(' · ');
      return {
        description: line.productName,
        ...(detail ? { detail } : {}),
        quantity: line.quantityOrdered,
        unit_price: line.unitCost,
        ...(withTax ? { tax_rate_bp: line.taxRateBp } : {}),
        total: line.net,
      };
    }),
    ...(withTax
      ? {
          tax_summary: taxRates.map((rate) => {
            const lines = order.lines.filter((line) => line.taxRateBp === rate);
            return { rate_bp: rate, net: lines.reduce((sum, line) => sum + line.net, 0), tax: lines.reduce((sum, line) => sum + line.tax, 0) };
          }),
        }
      : {}),
    totals: withTax
      ? [
          { label: 'Net', amount: order.net },
          { label: 'Tax', amount: order.tax },
          { label: 'Order total', amount: order.total, strong: true },
        ]
      : [{ label: 'Order total', amount: order.total, strong: true }],
    ...(order.notes ? { notes: order.notes } : {}),
  });
  return { order, pdf };
}
