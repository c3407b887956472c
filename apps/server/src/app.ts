import type { ApiErrorCode } from '@till/core';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { AppError } from './lib/app-error.ts';
import { nodeJsonBody } from './lib/node-json-body.ts';
import type { AppEnv, Services } from './lib/context.ts';
import { isCrossOrigin } from './lib/same-origin.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { textGuard } from './lib/text-guard.ts';
import { resolveAccount } from './lib/resolve-account.ts';
import { readRegisterCookie } from './lib/till-cookie.ts';
import { registersRoutes } from './modules/registers/registers.routes.ts';
import { cashSessionsRoutes } from './modules/cash-sessions/cash-sessions.routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { accountUserRoutes, identitiesRoutes } from './modules/auth/account-user.routes.ts';
import { accountsRoutes } from './modules/auth/accounts.routes.ts';
import { adminUsersRoutes } from './modules/auth/admin-users.routes.ts';
import { oneTimeCodesRoutes } from './modules/auth/one-time-codes.routes.ts';
import { tokensRoutes } from './modules/auth/tokens.routes.ts';
import { businessSsoRoutes, ssoRoutes } from './modules/auth/sso.routes.ts';
import { businessRoutes } from './modules/business/business.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { superAdminRoutes } from './modules/super-admin/super-admin.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { featureFlagsRoutes } from './modules/feature-flags/feature-flags.routes.ts';
import { industryTemplatesRoutes } from './modules/industry-templates/industry-templates.routes.ts';
import { brandingRoutes } from './modules/branding/branding.routes.ts';
import { INCIDENT_PHOTO_PATH, incidentsRoutes } from './modules/incidents/incidents.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { backOfficeRoutes } from './modules/back-office/back-office.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { marketingRoutes } from './modules/marketing/marketing.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { aiModulesRoutes } from './modules/ai-modules/ai-modules.routes.ts';
import { insightRoutes } from './modules/insight/insight.routes.ts';
import { accountingRoutes } from './modules/accounting/accounting.routes.ts';
import { employeePerformanceRoutes } from './modules/employee-performance/employee-performance.routes.ts';
import { SALES_HISTORY_PATH, salesHistoryRoutes } from './modules/sales-history/sales-history.routes.ts';
import { purchasingRoutes } from './modules/purchasing/purchasing.routes.ts';
import { stockControlRoutes } from './modules/stock-control/stock-control.routes.ts';
import { batchesRoutes } from './modules/batches/batches.routes.ts';
import { purchaseInvoicesRoutes } from './modules/purchasing/purchase-invoices.routes.ts';
import { rebatesRoutes } from './modules/purchasing/rebates.routes.ts';
import { priceLabelsRoutes } from './modules/price-labels/price-labels.routes.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { STORAGE_UPLOAD_PATH, storageRoutes } from './modules/storage/storage.routes.ts';
import { storageErrorShape } from './modules/storage/storage-errors.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { taxRatesRoutes } from './modules/tax-rates/tax-rates.routes.ts';
import { employeeSessionsRoutes } from './modules/employee-sessions/employee-sessions.routes.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { timeClockRoutes } from './modules/time-clock/time-clock.routes.ts';
import { chatbotRoutes } from './modules/chatbot/chatbot.routes.ts';
import { embedFrameAncestors } from './modules/chatbot/embed-frame-ancestors.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { EXPENSE_RECEIPT_PATH, expensesRoutes } from './modules/expenses/expenses.routes.ts';
import { helpCenterRoutes } from './modules/help-center/help-center.routes.ts';
import { quickbooksRoutes } from './modules/quickbooks/quickbooks.routes.ts';
import { checklistsRoutes } from './modules/tasks/checklists.routes.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import { diningRoutes } from './modules/dining/dining.routes.ts';
import { INSPECTION_PHOTO_PATH, workshopRoutes } from './modules/workshop/workshop.routes.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Uploads that declare a larger limit of their own (product pictures: 10 MB; expense receipts: 20 MB; storage: the bucket's limit). */
const OWN_BODY_LIMIT = [/^\/api\/products\/[^/]+\/image$/, EXPENSE_RECEIPT_PATH, STORAGE_UPLOAD_PATH, SALES_HISTORY_PATH, INSPECTION_PHOTO_PATH, INCIDENT_PHOTO_PATH];

/** Routes registered outside defineRoute, with the access they have. */
export const DOCUMENT_ROUTES = { 'GET /api/openapi.json': { kind: 'public' } } as const;

function errorBody(code: ApiErrorCode, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...details } };
}

function clientAddressOf(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function createApp(services: Services) {
  const app = new OpenAPIHono<AppEnv>({
    // zod failures answer 400 with the first issue in words a caller can act on.
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
        const first = issues[0];
        const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
        return c.json(errorBody('validation_error', message, { issues }), 400);
      }
      return undefined;
    },
  });

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(errorBody(error.code, error.message, error.details), error.status);
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status === 413) return c.json(errorBody('payload_too_large', 'The request body is larger than 1 MB'), 413);
      if (status === 415) {
        return c.json(errorBody('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json'), 415);
      }
      const isJson = /json/i.test(error.message);
      const message = isJson ? 'The request body is not valid JSON' : error.message || 'Bad request';
      return c.json(errorBody(isJson ? 'malformed_json' : 'bad_request', message), status < 500 ? (status as 400) : 400);
    }
    if (services.config.logLevel !== 'silent') console.error(`[${c.req.method} ${c.req.path}]`, error);
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Try again.'), 500);
  });

  app.use('*', securityHeaders);
  app.use('*', async (c, next) => {
    c.set('services', services);
    c.set('clientAddress', clientAddressOf(c, services.config.trustProxy));
    c.set('account', null);
    c.set('partialAccount', null);
    c.set('registerCredential', null);
    await next();
  });

  // SPEC §8: storage errors carry status and statusCode, whichever layer answers.
  app.use('/api/storage/*', storageErrorShape);

  // The unread rest of the body is still on the socket: close it rather than reuse it.
  const tooLarge = (c: Context) => c.json(errorBody('payload_too_large', 'The request body is larger than 1 MB'), 413, { Connection: 'close' });
  const jsonBodyLimit = nodeJsonBody({
    maxBytes: MAX_BODY_BYTES,
    onTooLarge: tooLarge,
    fallback: bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }),
  });
  app.use('/api/*', (c, next) => (OWN_BODY_LIMIT.some((pattern) => pattern.test(c.req.path)) ? next() : jsonBodyLimit(c, next)));
  // An upload refused before its body was read (wrong type, too large, no access) leaves the rest
  // of that body on the socket, where it would be parsed as the next request: close the socket.
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.res.status >= 400 && OWN_BODY_LIMIT.some((pattern) => pattern.test(c.req.path))) c.res.headers.set('Connection', 'close');
  });

  app.use(
    '/api/*',
    textGuard({
      bodyReadElsewhere: (path) => OWN_BODY_LIMIT.some((pattern) => pattern.test(path)),
      checksOwnText: (path) => path.startsWith('/api/storage/'),
    }),
  );

  // Cookies are SameSite=Lax; a state-changing call from another site's page is refused as well.
  app.use('/api/*', async (c, next) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && isCrossOrigin(c.req.raw.headers, services.config.trustProxy)) {
      return c.json(errorBody('cross_origin_refused', 'Cross-site requests are not allowed'), 403);
    }
    await next();
  });

  app.use('/api/*', async (c, next) => {
    // A paired till never acts as an account, even when someone signed in on it (issue 10).
    const registerCredential = readRegisterCookie(c);
    c.set('registerCredential', registerCredential);
    const signedIn = registerCredential ? null : await resolveAccount(c.var.services, c.req.raw.headers);
    // A session that owes its second step reaches no business data: only the routes that read
    // `partialAccount` (the second step itself, /api/me, sign-out) see it (decision 045).
    c.set('account', signedIn?.secondStep ? null : signedIn);
    c.set('partialAccount', signedIn?.secondStep ? signedIn : null);
    await next();
  });

  app.route('/', healthRoutes);
  app.route('/', accountsRoutes);
  app.route('/', oneTimeCodesRoutes);
  app.route('/', adminUsersRoutes);
  app.route('/', tokensRoutes);
  app.route('/', ssoRoutes);
  app.route('/', businessSsoRoutes);
  app.route('/', twoFactorRoutes);
  app.route('/', accountUserRoutes);
  app.route('/', identitiesRoutes);
  app.route('/', businessRoutes);
  app.route('/', superAdminRoutes);
  app.route('/', plansRoutes);
  app.route('/', featureFlagsRoutes);
  app.route('/', industryTemplatesRoutes);
  app.route('/', brandingRoutes);
  app.route('/', incidentsRoutes);
  app.route('/', integrationsRoutes);
  app.route('/', backOfficeRoutes);
  app.route('/', ordersRoutes);
  app.route('/', customersRoutes);
  app.route('/', marketingRoutes);
  app.route('/', insightRoutes);
  app.route('/', accountingRoutes);
  app.route('/', employeePerformanceRoutes);
  app.route('/', salesHistoryRoutes);
  app.route('/', aiModulesRoutes);
  app.route('/', purchasingRoutes);
  app.route('/', stockControlRoutes);
  app.route('/', batchesRoutes);
  app.route('/', purchaseInvoicesRoutes);
  app.route('/', rebatesRoutes);
  app.route('/', priceLabelsRoutes);
  app.route('/', appointmentsRoutes);
  app.route('/', invoicesRoutes);
  app.route('/', receiptsRoutes);
  app.route('/', onboardingRoutes);
  app.route('/', storesRoutes);
  app.route('/', promotionsRoutes);
  app.route('/', loyaltyRoutes);
  app.route('/', taxRatesRoutes);
  app.route('/', categoriesRoutes);
  app.route('/', productsRoutes);
  app.route('/', storageRoutes);
  app.route('/', employeesRoutes);
  app.route('/', employeeSessionsRoutes);
  app.route('/', registersRoutes);
  app.route('/', cashSessionsRoutes);
  app.route('/', timeClockRoutes);
  app.route('/', chatbotRoutes);
  app.route('/', realtimeRoutes);
  app.route('/', expensesRoutes);
  app.route('/', helpCenterRoutes);
  app.route('/', tasksRoutes);
  app.route('/', checklistsRoutes);
  app.route('/', quickbooksRoutes);
  app.route('/', kitchenRoutes);
  app.route('/', diningRoutes);
  app.route('/', workshopRoutes);

  app.get('/api/openapi.json', (c) => {
    const document = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Till API', version: services.version, description: 'Point of sale and back office API' },
    });
    // Routes whose last parameter takes the rest of the path are declared {name{.+}}; OpenAPI calls it {name}.
    document.paths = Object.fromEntries(Object.entries(document.paths ?? {}).map(([path, item]) => [path.replace(/\{(\w+)\{[^}]*\}\}/g, '{$1}'), item]));
    return c.json(document);
  });

  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}`), 404));

  // The chat widget's embed page may be framed by the origins its business lists (issue 17).
  app.use('/chatbot-embed/:chatbotId', async (c, next) => {
    c.set('frameAncestors', await embedFrameAncestors(services.database, c.req.param('chatbotId')));
    await next();
  });
  mountWebApp(app, services.config.webDistDir);
  return app;
}

/** The built React app: real files as they are, every other path gets index.html (client routing). */
function mountWebApp(app: OpenAPIHono<AppEnv>, webDistDir: string | undefined) {
  const distDir = webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built. Run `npm start`, which builds it.', 503));
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }));
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => c.html(indexHtml));
}
