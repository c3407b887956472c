import { z } from 'zod';

/**
 * Wire contracts of the chatbot (SPEC §3, §7, §8; issue 17), shared by the server and the web
 * app. Field names are snake_case except the ones SPEC §7 itself gives in camelCase
 * (`sessionToken`, `filePath`, `currentContent`).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text refuses U+0000 and jsonb refuses lone surrogates: refuse both before SQL. */
export function hasUnstorableCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !hasUnstorableCharacters(text), 'must not contain NUL characters or broken Unicode');

/** SPEC §5: a chat message must not be blank after trimming. */
export const chatMessageText = storableText(4000).refine((text) => text.trim().length > 0, 'Write a message first');

export const CHAT_WIDGETS = ['customer', 'assistant'] as const;
export type ChatWidget = (typeof CHAT_WIDGETS)[number];

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const WIDGET_THEMES = ['light', 'dark'] as const;

/** SPEC §2 widget options plus the greeting, as the widget reads them. */
export const widgetOptions = z.object({
  primary_color: z.string(),
  secondary_color: z.string(),
  position: z.enum(WIDGET_POSITIONS),
  widget_theme: z.enum(WIDGET_THEMES),
  show_branding: z.boolean(),
  auto_open: z.boolean(),
  greeting: z.string(),
});
export type WidgetOptions = z.infer<typeof widgetOptions>;

export const sessionToken = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/, 'is not a session token');

/** A visitor opens the customer widget of a chatbot (SPEC §2 /chatbot-widget/{chatbotId}); the assistant panel's session needs no body. */
export const startCustomerChatSessionInput = z.strictObject({ chatbot_id: z.uuid() });
export type StartCustomerChatSessionInput = z.infer<typeof startCustomerChatSessionInput>;

export const startChatSessionOutput = z.object({
  session_token: z.string(),
  expires_at: z.string(),
  widget: z.enum(CHAT_WIDGETS),
  options: widgetOptions,
});
export type StartChatSessionOutput = z.infer<typeof startChatSessionOutput>;

/** SPEC §7 chatbot-completion: body sessionToken, message. */
export const chatbotCompletionInput = z.strictObject({ sessionToken, message: chatMessageText });
export type ChatbotCompletionInput = z.infer<typeof chatbotCompletionInput>;

/** SPEC §7: "The answer reads assistant.content, or data.message or result." */
export const chatbotCompletionOutput = z.object({
  assistant: z.object({ role: z.literal('assistant'), content: z.string() }),
  data: z.object({ message: z.string() }),
  result: z.string(),
  /** The stored answer, for the visitor's thumbs (POST /api/chatbot/feedback). */
  message_id: z.string(),
});
export type ChatbotCompletionOutput = z.infer<typeof chatbotCompletionOutput>;

/** SPEC §7/§8 query_result; `data` holds at most SAMPLE_ROW_LIMIT rows (SPEC §9). */
export const queryResult = z.object({
  success: z.boolean(),
  row_count: z.number().int().min(0),
  data: z.array(z.record(z.string(), z.unknown())),
  error: z.string().nullable(),
  message: z.string(),
});
export type QueryResult = z.infer<typeof queryResult>;

/** SPEC §9: sample query results limited to 3 rows. */
export const SAMPLE_ROW_LIMIT = 3;

export const CODE_ASSISTANT_ACTIONS = ['analyze_schema', 'query_database', 'suggest_edit', 'message'] as const;

/** SPEC §7 chatbot-code-assistant: body sessionToken, action, payload. */
export const chatbotCodeAssistantInput = z.discriminatedUnion('action', [
  z.strictObject({ sessionToken, action: z.literal('analyze_schema'), payload: z.strictObject({}).optional() }),
  z.strictObject({ sessionToken, action: z.literal('query_database'), payload: z.strictObject({ sql: storableText(4000) }) }),
  z.strictObject({
    sessionToken,
    action: z.literal('suggest_edit'),
    payload: z.strictObject({ filePath: storableText(500).pipe(z.string().min(1)), currentContent: storableText(100_000), intent: chatMessageText }),
  }),
  z.strictObject({ sessionToken, action: z.literal('message'), payload: z.strictObject({ message: chatMessageText }) }),
]);
export type ChatbotCodeAssistantInput = z.infer<typeof chatbotCodeAssistantInput>;

export const reportingViewDescription = z.object({
  name: z.string(),
  description: z.string(),
  columns: z.array(z.object({ name: z.string(), type: z.string(), description: z.string() })),
});

/** SPEC §7: "The answer reads ok, data, error.message, and for the panel message, result, suggestion.message, query_result". */
export const chatbotCodeAssistantOutput = z.object({
  ok: z.boolean(),
  data: z
    .object({
      message: z.string(),
      result: z.string().optional(),
      suggestion: z.object({ message: z.string() }).optional(),
      query_result: queryResult.optional(),
      views: z.array(reportingViewDescription).optional(),
    })
    .nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ChatbotCodeAssistantOutput = z.infer<typeof chatbotCodeAssistantOutput>;

/** SPEC §8 chat widget texts. */
export const CHAT_MESSAGES = {
  generic: 'Sorry, I encountered an error. Please try again.',
  providerUnavailable: 'AI service is currently unavailable. Please check API configuration.',
  noResponse: 'No response from assistant',
  noCodeResponse: 'No response from code assistant',
  panelFallback: "I'm having trouble processing your request right now.",
  panelUnknown: "I've processed your request. Let me know if you need anything else!",
  accessDenied: 'Access Denied - AI Assistant is restricted to authorized users only',
  authenticationRequired: 'Authentication Required - Please log in to use the AI Assistant',
  sessionExpired: 'Session Expired - Please log in again to use the AI Assistant',
} as const;

/** The reporting views the database assistant may be allowed to read (migration `chatbot_rls`). */
export const AI_REPORTING_VIEWS = ['ai_orders', 'ai_order_lines', 'ai_payments', 'ai_products', 'ai_categories', 'ai_customers', 'ai_daily_sales'] as const;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3b82f6');
const origin = z
  .string()
  .max(200)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
    } catch {
      return false;
    }
  }, 'must be an origin like https://shop.example.com');

/** SPEC §3 chatbot_settings (the row named default) with the widget options, as GET/PATCH /api/chatbot/settings answer them. */
export const chatbotSettingsView = widgetOptions.extend({
  id: z.string(),
  name: z.string(),
  can_edit_code: z.boolean(),
  can_edit_database: z.boolean(),
  database_permissions: z.array(z.string()),
  openai_model: z.string(),
  allowed_origins: z.array(z.string()),
  transcript_retention_days: z.number().int(),
  business_address: z.string().nullable(),
  opening_hours: z.string().nullable(),
  updated_at: z.string(),
});
export type ChatbotSettingsView = z.infer<typeof chatbotSettingsView>;

/** Changes to the `default` chatbot settings; send only what changes. */
export const updateChatbotSettingsInput = z
  .strictObject({
    can_edit_code: z.boolean(),
    can_edit_database: z.boolean(),
    database_permissions: z.array(z.enum(AI_REPORTING_VIEWS)).max(AI_REPORTING_VIEWS.length),
    openai_model: z.string().regex(/^[A-Za-z0-9._:/-]{1,100}$/, 'must be a model name like gpt-4o-mini'),
    primary_color: hexColor,
    secondary_color: hexColor,
    position: z.enum(WIDGET_POSITIONS),
    widget_theme: z.enum(WIDGET_THEMES),
    show_branding: z.boolean(),
    auto_open: z.boolean(),
    greeting: storableText(500).pipe(z.string().trim().min(1, 'Write a greeting')),
    allowed_origins: z.array(origin).max(20),
    transcript_retention_days: z.number().int().min(1).max(3650),
    business_address: storableText(500).nullable(),
    opening_hours: storableText(1000).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type UpdateChatbotSettingsInput = z.infer<typeof updateChatbotSettingsInput>;

/** The visitor's thumbs on one answer of their own conversation (Chatbot Insights, issue 17 item 7). */
export const CHAT_RATINGS = ['up', 'down'] as const;
export const rateChatAnswerInput = z.strictObject({
  sessionToken,
  message_id: z.uuid(),
  rating: z.enum(CHAT_RATINGS),
  comment: storableText(500).nullable().optional(),
});
export type RateChatAnswerInput = z.infer<typeof rateChatAnswerInput>;
export const rateChatAnswerOutput = z.object({ message_id: z.string(), rating: z.enum(CHAT_RATINGS) });

/** GET /api/chatbot/insights: the last `days` days of the customer widget, in the business's time zone. */
export const chatbotInsightsQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(365).default(30) });

const askedQuestion = z.object({
  message_id: z.string(),
  conversation_id: z.string(),
  question: z.string(),
  answer: z.string(),
  at: z.string(),
});

export const chatbotInsightsView = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  retention_days: z.number().int(),
  totals: z.object({
    conversations: z.number().int(),
    questions: z.number().int(),
    helpful: z.number().int(),
    unhelpful: z.number().int(),
    unanswered: z.number().int(),
  }),
  by_day: z.array(z.object({ date: z.string(), conversations: z.number().int(), questions: z.number().int() })),
  top_questions: z.array(z.object({ question: z.string(), count: z.number().int() })),
  unhelpful: z.array(askedQuestion.extend({ comment: z.string().nullable() })),
  unanswered: z.array(askedQuestion),
});
export type ChatbotInsightsView = z.infer<typeof chatbotInsightsView>;

export const chatConversationsQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const chatConversationSummary = z.object({
  id: z.string(),
  started_at: z.string(),
  last_active_at: z.string(),
  questions: z.number().int(),
  first_question: z.string().nullable(),
  helpful: z.number().int(),
  unhelpful: z.number().int(),
  unanswered: z.number().int(),
});
export const chatConversationsView = z.object({ conversations: z.array(chatConversationSummary), next_cursor: z.string().nullable() });

export const chatTranscriptView = z.object({
  conversation: chatConversationSummary,
  messages: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['user', 'assistant']),
      content: z.string(),
      created_at: z.string(),
      unanswered: z.boolean(),
      rating: z.enum(CHAT_RATINGS).nullable(),
      comment: z.string().nullable(),
    }),
  ),
});
export type ChatTranscriptView = z.infer<typeof chatTranscriptView>;

/** The platform's defaults for new chatbots, and every business's settings (SPEC §2 /superadmin/chatbot). */
export const platformChatbotDefaults = z.object({
  openai_model: z.string(),
  greeting: z.string(),
  primary_color: z.string(),
  transcript_retention_days: z.number().int(),
  can_edit_code: z.boolean(),
  can_edit_database: z.boolean(),
  updated_at: z.string().nullable(),
});
export type PlatformChatbotDefaults = z.infer<typeof platformChatbotDefaults>;

export const updatePlatformChatbotDefaultsInput = z
  .strictObject({
    openai_model: z.string().regex(/^[A-Za-z0-9._:/-]{1,100}$/, 'must be a model name like gpt-4o-mini'),
    greeting: storableText(500).pipe(z.string().trim().min(1, 'Write a greeting')),
    primary_color: hexColor,
    transcript_retention_days: z.number().int().min(1).max(3650),
    can_edit_code: z.boolean(),
    can_edit_database: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type UpdatePlatformChatbotDefaultsInput = z.infer<typeof updatePlatformChatbotDefaultsInput>;

export const platformChatbotView = z.object({
  defaults: platformChatbotDefaults,
  businesses: z.array(
    z.object({
      business_id: z.string(),
      business_name: z.string(),
      chatbot_id: z.string().nullable(),
      openai_model: z.string().nullable(),
      can_edit_code: z.boolean(),
      can_edit_database: z.boolean(),
      allowed_origins: z.array(z.string()),
      conversations_30_days: z.number().int(),
      updated_at: z.string().nullable(),
    }),
  ),
});
export type PlatformChatbotView = z.infer<typeof platformChatbotView>;
