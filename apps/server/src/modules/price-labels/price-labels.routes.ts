import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { LABEL_TEMPLATES, type LabelTemplate } from '../../lib/documents/index.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { listLabelQueue } from './list-label-queue.ts';
import { listRecentReceipts } from './list-recent-receipts.ts';
import { printPriceLabels } from './print-price-labels.ts';
import { removeFromLabelQueue } from './remove-from-label-queue.ts';

/**
 * Price labels (issue 14 item 7). SPEC §2 gates /price-labels on price_labels; labels are stock
 * work, so employees need inventory access (SPEC §6: can_manage_inventory; owner, admins and
 * managers always).
 */
const labels = business({ feature: 'price_labels', employeeFeature: 'inventory' });
const TEMPLATE_NAMES = Object.keys(LABEL_TEMPLATES) as [LabelTemplate, ...LabelTemplate[]];
export const MAX_LABEL_ITEMS = 1000;
export const MAX_COPIES = 100;

const queueRoute = defineRoute({
  method: 'get',
  path: '/api/price-labels/queue',
  access: labels,
  tags: ['price-labels'],
  summary: 'Labels to print: products whose price changed since their label was printed, newest first (at most 1,000)',
  responses: {
    200: jsonResponse(
      z.object({
        items: z.array(
          z.object({
            product_id: z.uuid(),
            name: z.string(),
            sku: z.string().nullable(),
            barcode: z.string().nullable(),
            price: z.number().int(),
            old_price: z.number().int(),
            queued_at: z.string(),
          }),
        ),
      }),
      'The queue',
    ),
    ...errorResponses(401, 403),
  },
});

const dequeueRoute = defineRoute({
  method: 'delete',
  path: '/api/price-labels/queue/{productId}',
  access: labels,
  tags: ['price-labels'],
  summary: 'Drop a product from the labels to print without printing',
  request: { params: z.object({ productId: z.uuid() }) },
  responses: { 200: jsonResponse(z.object({ removed: z.literal(true) }), 'Dropped'), ...errorResponses(400, 401, 403, 404) },
});

const receiptsRoute = defineRoute({
  method: 'get',
  path: '/api/price-labels/recent-receipts',
  access: labels,
  tags: ['price-labels'],
  summary: 'The last 10 deliveries with their products, to print labels for what arrived',
  responses: {
    200: jsonResponse(
      z.object({
        receipts: z.array(
          z.object({
            id: z.uuid(),
            received_at: z.string(),
            supplier_name: z.string().nullable(),
            lines: z.array(z.object({ product_id: z.uuid(), name: z.string(), quantity: z.number().int() })),
          }),
        ),
      }),
      'Recent deliveries',
    ),
    ...errorResponses(401, 403),
  },
});

const pdfRoute = defineRoute({
  method: 'post',
  path: '/api/price-labels/pdf',
  access: labels,
  tags: ['price-labels'],
  summary:
    'Price labels as a PDF at the template’s exact size: shelf-38x25 (one 38 × 25 mm label a page, thermal printers) or a4-3x8 (A4, 24 labels of 70 × 37 mm). ' +
    'Name, price and the product’s barcode (EAN-13, UPC-A, EAN-8 when valid, else Code 128). clear_queue takes the printed products out of the labels to print.',
  request: {
    body: jsonBody(
      z.strictObject({
        template: z.enum(TEMPLATE_NAMES),
        items: z
          .array(z.strictObject({ product_id: z.uuid(), copies: z.number().int('Copies are whole labels').min(1, 'At least one copy').max(MAX_COPIES, `At most ${MAX_COPIES} copies`) }))
          .min(1, 'Choose at least one product')
          .max(MAX_LABEL_ITEMS),
        skip: z.number().int().min(0).max(23).optional(),
        outline: z.boolean().optional(),
        clear_queue: z.boolean().optional(),
      }),
    ),
  },
  responses: {
    200: { description: 'The labels', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 403, 422),
  },
});

export const priceLabelsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(queueRoute, async (c) => c.json(await listLabelQueue(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(dequeueRoute, async (c) => c.json(await removeFromLabelQueue(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').productId), 200))
  .openapi(receiptsRoute, async (c) => c.json(await listRecentReceipts(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(pdfRoute, async (c) => {
    const { items, clear_queue: clearQueue, ...rest } = c.req.valid('json');
    const input = { ...rest, items: items.map((item) => ({ productId: item.product_id, copies: item.copies })), clearQueue };
    const { pdf } = await printPriceLabels(c.var.services.database, c.var.tenant, input);
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="price-labels.pdf"' });
  });
