import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { emailReceipt } from './email-receipt.ts';
import { encodeReceiptEscPos } from './escpos-receipt.ts';
import { getReceipt } from './get-receipt.ts';

const idParams = z.object({ id: z.uuid() });

const escposRoute = defineRoute({
  method: 'get',
  path: '/api/orders/{id}/receipt.escpos',
  access: business(),
  tags: ['receipts'],
  summary:
    'The receipt as ESC/POS printer commands (80 mm, 48 columns); with refund_id, the receipt of that refund; with open_drawer=true, a cash-drawer kick pulse first (a cash sale)',
  request: {
    params: idParams,
    query: z.strictObject({ refund_id: z.uuid().optional(), open_drawer: z.enum(['true', 'false']).optional() }),
  },
  responses: {
    200: { description: 'ESC/POS bytes', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const emailRoute = defineRoute({
  method: 'post',
  path: '/api/orders/{id}/receipt-email',
  // Only roles that sell (SPEC §6 pos: cashier, manager, admin, owner) send receipts.
  access: business({ employeeFeature: 'pos' }),
  tags: ['receipts'],
  summary: 'Email the receipt as plain text (kept in the outbox; sent by SMTP when configured) and note it in the order history',
  request: {
    params: idParams,
    body: jsonBody(z.strictObject({ email: z.email('Enter a valid email address').max(254), refund_id: z.uuid().optional() })),
  },
  responses: {
    200: jsonResponse(z.object({ ok: z.literal(true), email: z.string() }), 'Receipt queued'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const receiptsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(escposRoute, async (c) => {
    const { receipt, orderNumber } = await getReceipt(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, c.req.valid('query').refund_id);
    const bytes = encodeReceiptEscPos(receipt, { openDrawer: c.req.valid('query').open_drawer === 'true' });
    const name = `receipt-${orderNumber ?? 'order'}${receipt.kind === 'refund' ? '-refund' : ''}.bin`;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  })
  .openapi(emailRoute, async (c) => {
    const { email, refund_id: refundId } = c.req.valid('json');
    return c.json(await emailReceipt(c.var.services, c.var.tenant, { orderId: c.req.valid('param').id, email, refundId }), 200);
  });
