import { OpenAPIHono, z } from '@hono/zod-openapi';
import { HELP_MESSAGE_MAX, HELP_MESSAGE_MIN, HELP_SUBJECT_MAX, HELP_TOPICS, multiLine, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { sendHelpRequest } from './send-help-request.ts';

const contactRoute = defineRoute({
  method: 'post',
  path: '/api/help-center/contact',
  // SPEC §6: the Help Center is an open page; anyone acting for the business may ask for help.
  access: business(),
  tags: ['help-center'],
  summary: 'Send a message to the platform’s super admins (e-mailed through the outbox); at most 5 an hour per business (429 rate_limited)',
  request: {
    body: jsonBody(
      z.strictObject({
        topic: z.enum(HELP_TOPICS),
        subject: singleLine(z.string().trim().min(1, 'Give your message a subject').max(HELP_SUBJECT_MAX)),
        message: multiLine(z.string().trim().min(HELP_MESSAGE_MIN, `Tell us a little more (at least ${HELP_MESSAGE_MIN} characters)`).max(HELP_MESSAGE_MAX)),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ request: z.object({ id: z.uuid(), sent_at: z.string() }) }), 'Sent'),
    ...errorResponses(400, 401, 403, 429),
  },
});

export const helpCenterRoutes = new OpenAPIHono<AppEnv>().openapi(contactRoute, async (c) => {
  const request = await sendHelpRequest(c.var.services, c.var.tenant, c.req.valid('json'), new Date());
  return c.json({ request: { id: request.id, sent_at: request.sentAt } }, 201);
});
