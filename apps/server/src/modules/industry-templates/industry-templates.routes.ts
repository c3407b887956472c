import { OpenAPIHono, z } from '@hono/zod-openapi';
import { INDUSTRIES, industryTemplateInput, industryTemplateView } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { SUPER_ADMIN, defineRoute } from '../../lib/routing.ts';
import { listIndustryTemplates } from './list-industry-templates.ts';
import { saveIndustryTemplate } from './save-industry-template.ts';

const templateSchema = industryTemplateView;

const listRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/industry-templates',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "Each SPEC §1 industry's starting setup: enabled features, starter categories and sample products",
  responses: { 200: jsonResponse(z.object({ templates: z.array(templateSchema) }), 'Templates'), ...errorResponses(400, 403) },
});

const saveRoute = defineRoute({
  method: 'put',
  path: '/api/super-admin/industry-templates/{industry}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "Replace an industry's template; applied to the next sign-ups of that industry (unless they start empty); audited",
  request: { params: z.strictObject({ industry: z.enum(INDUSTRIES) }), body: jsonBody(industryTemplateInput) },
  responses: { 200: jsonResponse(z.object({ template: templateSchema }), 'Saved'), ...errorResponses(400, 403) },
});

export const industryTemplatesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ templates: await listIndustryTemplates(c.var.services) }, 200))
  .openapi(saveRoute, async (c) =>
    c.json({ template: await saveIndustryTemplate(c.var.services, c.var.account!.user.id, c.req.valid('param').industry, c.req.valid('json'), new Date()) }, 200),
  );
