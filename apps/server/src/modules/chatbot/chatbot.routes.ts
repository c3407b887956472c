import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  chatbotCodeAssistantInput,
  chatbotCodeAssistantOutput,
  chatbotCompletionInput,
  chatbotCompletionOutput,
  chatbotSettingsView,
  startChatSessionOutput,
  startCustomerChatSessionInput,
  updateChatbotSettingsInput,
} from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute, PUBLIC } from '../../lib/routing.ts';
import { answerChatMessage } from './answer-chat-message.ts';
import { getChatbotSettings } from './get-chatbot-settings.ts';
import { runCodeAssistant } from './run-code-assistant.ts';
import { startAssistantChatSession, startCustomerChatSession } from './start-chat-session.ts';
import { updateChatbotSettings } from './update-chatbot-settings.ts';

const settingsSchema = chatbotSettingsView;

const customerSessionRoute = defineRoute({
  method: 'post',
  path: '/api/chatbot/sessions',
  access: PUBLIC,
  tags: ['chatbot'],
  summary: 'Start a session of the customer chat widget of a chatbot (SPEC §2); returns the token and the widget options',
  request: { body: jsonBody(startCustomerChatSessionInput) },
  responses: { 201: jsonResponse(startChatSessionOutput, 'Started'), ...errorResponses(400, 404) },
});

const assistantSessionRoute = defineRoute({
  method: 'post',
  path: '/api/chatbot/assistant-sessions',
  access: business(),
  tags: ['chatbot'],
  summary: "Start a session of the top bar's assistant panel (SPEC §5: the owner's account only)",
  responses: { 201: jsonResponse(startChatSessionOutput, 'Started'), ...errorResponses(400, 403) },
});

const completionRoute = defineRoute({
  method: 'post',
  path: '/api/functions/chatbot-completion',
  access: PUBLIC,
  tags: ['chatbot'],
  summary: 'SPEC §7 chatbot-completion: answer one message of a chat session from the business’s public facts',
  request: { body: jsonBody(chatbotCompletionInput) },
  responses: { 200: jsonResponse(chatbotCompletionOutput, 'The answer'), ...errorResponses(400, 401, 403, 429, 503) },
});

const codeAssistantRoute = defineRoute({
  method: 'post',
  path: '/api/functions/chatbot-code-assistant',
  access: PUBLIC,
  tags: ['chatbot'],
  summary:
    'SPEC §7 chatbot-code-assistant (analyze_schema, query_database, suggest_edit, message) for an assistant-panel session and the account that started it',
  request: { body: jsonBody(chatbotCodeAssistantInput) },
  responses: { 200: jsonResponse(chatbotCodeAssistantOutput, 'The answer'), ...errorResponses(400, 401, 403, 503) },
});

const getSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/chatbot/settings',
  access: business({ page: 'settings' }),
  tags: ['chatbot'],
  summary: 'SPEC §3 chatbot_settings (the row named default), created with the defaults when missing',
  responses: { 200: jsonResponse(z.object({ settings: settingsSchema }), 'Settings'), ...errorResponses(400, 403) },
});

const patchSettingsRoute = defineRoute({
  method: 'patch',
  path: '/api/chatbot/settings',
  access: business({ ownerOnly: true }),
  tags: ['chatbot'],
  summary: 'Change the chatbot settings (the owner only: they decide what the assistant may read); permission changes are audited',
  request: { body: jsonBody(updateChatbotSettingsInput) },
  responses: { 200: jsonResponse(z.object({ settings: settingsSchema }), 'Changed'), ...errorResponses(400, 403) },
});

export const chatbotRoutes = new OpenAPIHono<AppEnv>()
  .openapi(customerSessionRoute, async (c) => c.json(await startCustomerChatSession(c.var.services.database, c.req.valid('json').chatbot_id), 201))
  .openapi(assistantSessionRoute, async (c) => c.json(await startAssistantChatSession(c.var.services.database, c.var.tenant), 201))
  .openapi(completionRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await answerChatMessage(c.var.services, { ...body, accountUserId: c.get('account')?.user.id ?? null }), 200);
  })
  .openapi(codeAssistantRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await runCodeAssistant(c.var.services, { ...body, accountUserId: c.get('account')?.user.id ?? null }), 200);
  })
  .openapi(getSettingsRoute, async (c) => c.json({ settings: await getChatbotSettings(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(patchSettingsRoute, async (c) =>
    c.json({ settings: await updateChatbotSettings(c.var.services.database, c.var.tenant, c.req.valid('json')) }, 200),
  );
