import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  chatConversationsQuery,
  chatConversationsView,
  chatTranscriptView,
  chatbotInsightsQuery,
  chatbotInsightsView,
  platformChatbotDefaults,
  platformChatbotView,
  rateChatAnswerInput,
  rateChatAnswerOutput,
  updatePlatformChatbotDefaultsInput,
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
import { business, defineRoute, PUBLIC, SUPER_ADMIN } from '../../lib/routing.ts';
import { answerChatMessage } from './answer-chat-message.ts';
import { getChatbotInsights } from './get-chatbot-insights.ts';
import { getChatbotSettings } from './get-chatbot-settings.ts';
import { getChatTranscript, listChatConversations } from './list-chat-conversations.ts';
import { getPlatformChatbot, updatePlatformChatbotDefaults } from './platform-chatbot.ts';
import { rateChatAnswer } from './rate-chat-answer.ts';
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

const rateAnswerRoute = defineRoute({
  method: 'post',
  path: '/api/chatbot/feedback',
  access: PUBLIC,
  tags: ['chatbot'],
  summary: "A visitor's thumbs up or down on an answer of their own conversation (rating again replaces it)",
  request: { body: jsonBody(rateChatAnswerInput) },
  responses: { 200: jsonResponse(rateChatAnswerOutput, 'Rated'), ...errorResponses(400, 401, 403, 404) },
});

// Chatbot Insights (/chatbot) read what customers wrote: the reports permission (SPEC §6 page access).
const insightsAccess = business({ page: 'reports' });

const insightsRoute = defineRoute({
  method: 'get',
  path: '/api/chatbot/insights',
  access: insightsAccess,
  tags: ['chatbot'],
  summary: 'Chatbot Insights: conversations by day, the most asked questions, answers rated unhelpful and questions the assistant could not answer',
  request: { query: chatbotInsightsQuery },
  responses: { 200: jsonResponse(chatbotInsightsView, 'Insights'), ...errorResponses(400, 403) },
});

const conversationsRoute = defineRoute({
  method: 'get',
  path: '/api/chatbot/conversations',
  access: insightsAccess,
  tags: ['chatbot'],
  summary: "The customer widget's conversations kept within the transcript retention, newest activity first",
  request: { query: chatConversationsQuery },
  responses: { 200: jsonResponse(chatConversationsView, 'Conversations'), ...errorResponses(400, 403) },
});

const transcriptRoute = defineRoute({
  method: 'get',
  path: '/api/chatbot/conversations/{id}',
  access: insightsAccess,
  tags: ['chatbot'],
  summary: "One conversation's transcript with the visitor's ratings",
  request: { params: z.strictObject({ id: z.uuid() }) },
  responses: { 200: jsonResponse(chatTranscriptView, 'Transcript'), ...errorResponses(400, 403, 404) },
});

const platformChatbotRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/chatbot',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "The platform's chatbot defaults and every business's chatbot settings (SPEC §2 /superadmin/chatbot)",
  responses: { 200: jsonResponse(platformChatbotView, 'Defaults and businesses'), ...errorResponses(400, 403) },
});

const platformDefaultsRoute = defineRoute({
  method: 'patch',
  path: '/api/super-admin/chatbot/defaults',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "Change the defaults a new business's chatbot starts from",
  request: { body: jsonBody(updatePlatformChatbotDefaultsInput) },
  responses: { 200: jsonResponse(z.object({ defaults: platformChatbotDefaults }), 'Changed'), ...errorResponses(400, 403) },
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
  )
  .openapi(rateAnswerRoute, async (c) =>
    c.json(await rateChatAnswer(c.var.services.database, { ...c.req.valid('json'), accountUserId: c.get('account')?.user.id ?? null }), 200),
  )
  .openapi(insightsRoute, async (c) => c.json(await getChatbotInsights(c.var.services.database, c.var.tenant.businessId, c.req.valid('query').days), 200))
  .openapi(conversationsRoute, async (c) => c.json(await listChatConversations(c.var.services.database, c.var.tenant.businessId, c.req.valid('query')), 200))
  .openapi(transcriptRoute, async (c) => c.json(await getChatTranscript(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id), 200))
  .openapi(platformChatbotRoute, async (c) => c.json(await getPlatformChatbot(c.var.services.database), 200))
  .openapi(platformDefaultsRoute, async (c) =>
    c.json({ defaults: await updatePlatformChatbotDefaults(c.var.services.database, c.req.valid('json'), c.var.account!.user.id) }, 200),
  );
