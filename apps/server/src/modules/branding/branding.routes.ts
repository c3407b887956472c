import { OpenAPIHono, z } from '@hono/zod-openapi';
import { businessBrandingInput, businessBrandingView, platformBrandingInput, platformBrandingView } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, SUPER_ADMIN, business, defineRoute } from '../../lib/routing.ts';
import { getBusinessBranding, updateBusinessBranding } from './business-branding.ts';
import { getPlatformBranding } from './get-platform-branding.ts';
import { savePlatformBranding } from './save-platform-branding.ts';

const publicRoute = defineRoute({
  method: 'get',
  path: '/api/branding',
  access: PUBLIC,
  tags: ['branding'],
  summary: "The platform's look for the sign-in page (no sign-in needed): product name, welcome text, brand colour",
  responses: { 200: jsonResponse(z.object({ branding: platformBrandingView }), 'The look') },
});

const platformGetRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/branding',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "The platform's look, as the visual editor edits it",
  responses: { 200: jsonResponse(z.object({ branding: platformBrandingView }), 'The look'), ...errorResponses(400, 403) },
});

const platformSaveRoute = defineRoute({
  method: 'put',
  path: '/api/super-admin/branding',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "Replace the platform's look; a colour under 4.5:1 contrast with white text is refused (400); audited",
  request: { body: jsonBody(platformBrandingInput) },
  responses: { 200: jsonResponse(z.object({ branding: platformBrandingView }), 'Saved'), ...errorResponses(400, 403) },
});

const businessGetRoute = defineRoute({
  method: 'get',
  path: '/api/business-branding',
  access: business(),
  tags: ['business'],
  summary: "The business's brand colour and receipt header and footer, and the colour the app paints in",
  responses: { 200: jsonResponse(z.object({ branding: businessBrandingView }), 'Branding'), ...errorResponses(400, 401, 403) },
});

const businessSaveRoute = defineRoute({
  method: 'put',
  path: '/api/business-branding',
  access: business({ page: 'settings' }),
  tags: ['business'],
  summary: 'Set the brand colour (over the platform\'s; 4.5:1 contrast with white text) and the receipt header and footer (SPEC §6: needs can_change_settings)',
  request: { body: jsonBody(businessBrandingInput) },
  responses: { 200: jsonResponse(z.object({ branding: businessBrandingView }), 'Saved'), ...errorResponses(400, 401, 403) },
});

export const brandingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(publicRoute, async (c) => c.json({ branding: await getPlatformBranding(c.var.services.database.db) }, 200))
  .openapi(platformGetRoute, async (c) => c.json({ branding: await getPlatformBranding(c.var.services.database.db) }, 200))
  .openapi(platformSaveRoute, async (c) =>
    c.json({ branding: await savePlatformBranding(c.var.services, c.var.account!.user.id, c.req.valid('json'), new Date()) }, 200),
  )
  .openapi(businessGetRoute, async (c) => c.json({ branding: await getBusinessBranding(c.var.services, c.var.tenant) }, 200))
  .openapi(businessSaveRoute, async (c) => c.json({ branding: await updateBusinessBranding(c.var.services, c.var.tenant, c.req.valid('json')) }, 200));
