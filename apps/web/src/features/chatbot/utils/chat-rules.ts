import { CHAT_MESSAGES, SAMPLE_ROW_LIMIT, type QueryResult } from '@till/core';

/** SPEC §3 chat message: id, role, content, timestamp; `queryResult` is shown as a count and sample rows. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  queryResult?: QueryResult | undefined;
  failed?: boolean;
  /** The stored answer's id (customer widget), which the visitor may rate. */
  serverId?: string | undefined;
  rating?: 'up' | 'down' | undefined;
}

/** SPEC §3: session tokens in local storage under two separate keys, one per widget. */
export const CHAT_TOKEN_KEYS = {
  customer: (chatbotId: string) => `till.chat-widget.session.${chatbotId}`,
  assistant: 'till.ai-assistant.session',
} as const;

/**
 * SPEC §5: a message is sent only when it is not blank after trimming, nothing is being sent,
 * and (the widget) there is a session token.
 */
export function canSendChat(input: { text: string; sending: boolean; sessionToken: string | null; needsToken: boolean }): boolean {
  if (input.text.trim().length === 0) return false;
  if (input.sending) return false;
  if (input.needsToken && !input.sessionToken) return false;
  return true;
}

/** SPEC §5: Enter without Shift sends; Shift+Enter makes a new line; a key while composing (IME) never sends. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** SPEC §7: the completion answer reads assistant.content, or data.message or result. */
export function completionText(answer: unknown, noResponse: string = CHAT_MESSAGES.noResponse): string {
  const body = (answer ?? {}) as { assistant?: { content?: unknown }; data?: { message?: unknown }; result?: unknown };
  for (const candidate of [body.assistant?.content, body.data?.message, body.result]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  return noResponse;
}

export interface AssistantReply {
  content: string;
  queryResult?: QueryResult;
  failed: boolean;
}

/**
 * SPEC §7/§8: the code assistant's answer reads ok, data, error.message, and for a message
 * result, suggestion.message, query_result. A failed query shows "Query failed" with the reason;
 * a successful one the count found and up to 3 sample rows; anything else the "processed" text.
 */
export function codeAssistantReply(answer: unknown): AssistantReply {
  const body = (answer ?? {}) as {
    ok?: boolean;
    data?: { message?: string; result?: string; suggestion?: { message?: string }; query_result?: QueryResult } | null;
    error?: { message?: string } | null;
  };
  if (!body || typeof body !== 'object' || (body.ok === undefined && !body.data && !body.error)) return { content: CHAT_MESSAGES.noCodeResponse, failed: true };
  const query = body.data?.query_result;
  if (query && !query.success) {
    return { content: `Query failed: ${query.error || query.message || body.error?.message || 'unknown reason'}`, queryResult: query, failed: true };
  }
  if (!body.ok) return { content: `Error: ${body.error?.message || CHAT_MESSAGES.panelFallback}`, failed: true };
  const text = body.data?.result || body.data?.suggestion?.message || body.data?.message;
  if (query) return { content: text || foundText(query.row_count), queryResult: { ...query, data: query.data.slice(0, SAMPLE_ROW_LIMIT) }, failed: false };
  return { content: text || CHAT_MESSAGES.panelUnknown, failed: false };
}

/** "Found 12 rows" above the sample rows. */
export function foundText(count: number): string {
  return `Found ${count} ${count === 1 ? 'row' : 'rows'}`;
}

interface ErrorLike {
  status?: number;
  code?: string;
  message?: string;
}

const asErrorLike = (error: unknown): ErrorLike => (error && typeof error === 'object' ? (error as ErrorLike) : {});

/** The session token is no longer valid: the next message starts a new session (SPEC §4). */
export function isExpiredSession(error: unknown): boolean {
  return asErrorLike(error).code === 'chat_session_expired';
}

/** SPEC §8 chat widget: the AI-provider text when the error is about the provider, else the generic text. */
export function widgetErrorMessage(error: unknown): string {
  const { code, message } = asErrorLike(error);
  if (code === 'ai_provider_unavailable' || /\b(AI|provider|openai)\b/i.test(message ?? '')) return CHAT_MESSAGES.providerUnavailable;
  if (code === 'no_response') return CHAT_MESSAGES.noResponse;
  if (code === 'rate_limited' && message) return message;
  return CHAT_MESSAGES.generic;
}

export const PANEL_MESSAGES = {
  edgeFunctionError: 'Edge Function Error',
  networkFailure: 'Could not reach the AI Assistant (network or CORS failure). Check your connection and try again.',
  configuration: 'The AI Assistant is not configured correctly (database error or missing default chatbot configuration). Please contact support.',
  providerUnavailable: 'AI service temporarily unavailable',
} as const;

/** The account may not use the panel: SPEC §5's three toasts, or null when the error is something else. */
export function panelAccessMessage(error: unknown): string | null {
  const { status, code } = asErrorLike(error);
  if (code === 'assistant_access_denied' || status === 403) return CHAT_MESSAGES.accessDenied;
  if (code === 'authentication_required' || code === 'unauthenticated' || code === 'not_signed_in') return CHAT_MESSAGES.authenticationRequired;
  if (status === 401) return CHAT_MESSAGES.sessionExpired;
  return null;
}

/** SPEC §8 assistant panel: what the panel says for a failed call (toast title "AI Assistant Error"). */
export function panelErrorMessage(error: unknown): string {
  const { status, code, message } = asErrorLike(error);
  if (code === 'network_error' || status === 0) return `${PANEL_MESSAGES.edgeFunctionError}: ${PANEL_MESSAGES.networkFailure}`;
  if (code === 'ai_provider_unavailable' || status === 503) return PANEL_MESSAGES.providerUnavailable;
  if (code === 'no_response') return CHAT_MESSAGES.noCodeResponse;
  if (code === 'internal_error' || code === 'database_error' || code === 'chatbot_not_configured' || (status !== undefined && status >= 500)) return PANEL_MESSAGES.configuration;
  if (message) return `Error: ${message}`;
  return CHAT_MESSAGES.panelFallback;
}
