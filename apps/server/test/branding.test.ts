import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, outboxMessages, platformAuditLog } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, okApi, startTestServer, verifyEmailOf, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

const ROOT = 'root-branding@example.com';
const TODAY = { product_name: 'Till', sign_in_welcome: 'Welcome back. Sign in to open your till and back office.', primary_color: '#171717' };
let server: TestServer;
let root: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: ROOT } });
  root = new ApiClient(server.url);
  expect((await root.api.POST('/api/auth/sign-up', { body: { email: ROOT, password: STRONG_PASSWORD } })).response.status).toBe(201);
  await verifyEmailOf(server, ROOT);
  expect((await root.api.GET('/api/me')).data!.is_super_admin).toBe(true);
});
afterAll(() => server.close());

const savePlatform = (client: ApiClient, body: ApiBody<'/api/super-admin/branding', 'put'>) => client.api.PUT('/api/super-admin/branding', { body });
const audits = () => server.database.db.select().from(platformAuditLog).where(eq(platformAuditLog.action, 'platform_branding.saved'));

describe('platform branding', () => {
  it("starts as today's look, readable by a signed-out visitor", async () => {
    const res = await new ApiClient(server.url).api.GET('/api/branding');
    expect(res.response.status).toBe(200);
    expect(res.data!.branding).toEqual(TODAY);
  });

  it('a non-super-admin is refused (403) and nothing changes', async () => {
    const shop = await staffBusiness(server, { businessName: 'Not Root' });
    const res = await savePlatform(shop.client, { ...TODAY, sign_in_welcome: 'Hacked' });
    expect(res.response.status).toBe(403);
    expect((await shop.client.api.GET('/api/super-admin/branding')).response.status).toBe(403);
    expect((await new ApiClient(server.url).api.GET('/api/branding')).data!.branding).toEqual(TODAY);
  });

  it('refuses a low-contrast or malformed colour with 400 saying why, writing nothing', async () => {
    const light = await savePlatform(root, { ...TODAY, sign_in_welcome: 'Hello', primary_color: '#ffcc00' });
    expect(light.response.status).toBe(400);
    expect(JSON.stringify(light.error?.error)).toContain('White text on #ffcc00 has a contrast of 1.');
    expect(JSON.stringify(light.error?.error)).toContain('at least 4.5:1');
    const bad = await savePlatform(root, { ...TODAY, primary_color: 'blue' });
    expect(bad.response.status).toBe(400);
    expect((await root.api.GET('/api/super-admin/branding')).data!.branding).toEqual(TODAY);
    expect(await audits()).toHaveLength(0);
  });

  it('the super admin saves the look; the sign-in page reads it; audited with before and after', async () => {
    const next = { product_name: 'Shopfront', sign_in_welcome: 'Good to see you again.', primary_color: '#1D4ED8' };
    const saved = await savePlatform(root, next);
    expect(saved.response.status).toBe(200);
    expect(saved.data!.branding).toEqual({ ...next, primary_color: '#1d4ed8' });
    expect((await new ApiClient(server.url).api.GET('/api/branding')).data!.branding).toEqual({ ...next, primary_color: '#1d4ed8' });
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ before: TODAY, after: { ...next, primary_color: '#1d4ed8' } });
    // A business without its own colour paints in the platform's.
    const shop = await staffBusiness(server, { businessName: 'Plain Shop' });
    expect((await shop.client.api.GET('/api/business-branding')).data!.branding).toEqual({ brand_color: null, receipt_header: null, receipt_footer: null, effective_color: '#1d4ed8' });
    expect((await savePlatform(root, TODAY)).response.status).toBe(200);
  });
});

describe('business branding', () => {
  const mine = { brand_color: '#7c2d12', receipt_header: 'Corner Shop Ltd\nVAT GB123', receipt_footer: 'Thanks for shopping local\nReturns within 30 days' };

  it('needs can_change_settings to change; any member reads the colour; another business neither reads nor changes it', async () => {
    const shop = await staffBusiness(server, { businessName: 'Brand Shop' });
    const { headersOf } = await staffOfEveryRole(server, shop);
    for (const actor of ['manager', 'cashier', 'adminNone']) {
      const res = await shop.client.api.PUT('/api/business-branding', { body: mine, headers: headersOf(actor) });
      expect(res.response.status, actor).toBe(403);
    }
    expect((await shop.client.api.PUT('/api/business-branding', { body: mine, headers: headersOf('adminAll') })).response.status).toBe(200);
    const cashier = await shop.client.api.GET('/api/business-branding', { headers: headersOf('cashier') });
    expect(cashier.data!.branding).toEqual({ ...mine, effective_color: '#7c2d12' });

    const other = await staffBusiness(server, { businessName: 'Other Shop' });
    expect((await other.client.api.GET('/api/business-branding')).data!.branding.brand_color).toBeNull();
    expect((await other.client.api.PUT('/api/business-branding', { body: { brand_color: '#000000', receipt_header: null, receipt_footer: 'Other' } })).response.status).toBe(200);
    const [row] = await server.database.db.select().from(businesses).where(eq(businesses.id, shop.businessId));
    expect(row).toMatchObject({ brandColor: '#7c2d12', receiptFooter: mine.receipt_footer });
  });

  it('refuses a light colour or an over-long footer with 400, writing nothing', async () => {
    const shop = await staffBusiness(server, { businessName: 'Careful Shop' });
    const light = await shop.client.api.PUT('/api/business-branding', { body: { ...mine, brand_color: '#a3e635' } });
    expect(light.response.status).toBe(400);
    expect(JSON.stringify(light.error?.error)).toContain('choose a darker colour (at least 4.5:1)');
    expect((await shop.client.api.PUT('/api/business-branding', { body: { ...mine, receipt_footer: 'x'.repeat(301) } })).response.status).toBe(400);
    expect((await shop.client.api.PUT('/api/business-branding', { body: { ...mine, receipt_footer: 'a\nb\nc\nd\ne\nf' } })).response.status).toBe(400);
    expect((await shop.client.api.GET('/api/business-branding')).data!.branding).toEqual({ brand_color: null, receipt_header: null, receipt_footer: null, effective_color: '#171717' });
  });

  it("the receipt shows the business's header and footer: on the order detail and in the e-mailed receipt", async () => {
    const shop = await staffBusiness(server, { businessName: 'Receipt Shop' });
    expect((await shop.client.api.PUT('/api/business-branding', { body: mine })).response.status).toBe(200);
    const [coffee] = await seedProducts(server, shop.businessId, [{ name: 'Coffee', price: 350 }]);
    const sold = await okApi(
      await shop.client.api.POST('/api/checkout', {
        body: {
          idempotency_key: randomUUID(),
          lines: [{ product_id: coffee!.id, quantity: 1 }],
          payments: [{ method: 'cash', amount: 350, tendered: 500 }],
          expected_total: 350,
        },
      }),
      201,
    );
    const order = { params: { path: { id: sold.order.id } } };
    const detail = await shop.client.api.GET('/api/orders/{id}', order);
    expect(detail.data!.business).toMatchObject({ receipt_header: mine.receipt_header, receipt_footer: mine.receipt_footer });
    const email = 'branding-buyer@example.com';
    expect((await shop.client.api.POST('/api/orders/{id}/receipt-email', { ...order, body: { email } })).response.status).toBe(200);
    const [mail] = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    const body = mail!.body;
    expect(body).toMatch(/Corner Shop Ltd\s*\n\s*VAT GB123/);
    expect(body).toMatch(/Thank you!\s*\n\s*Thanks for shopping local\s*\n\s*Returns within 30 days/);
    expect(body.indexOf('VAT GB123')).toBeLessThan(body.indexOf('Coffee'));
  });
});
