import { CHAT_MESSAGES } from '@till/core';
import { describe, expect, it } from 'vitest';
import { ApiError, type ErrorCode } from '@/lib/api-client';
import {
  canSendChat,
  CHAT_TOKEN_KEYS,
  codeAssistantReply,
  completionText,
  isExpiredSession,
  isSendKey,
  PANEL_MESSAGES,
  panelAccessMessage,
  panelErrorMessage,
  widgetErrorMessage,
} from './chat-rules';
import { embedSnippet, parseOrigins } from './embed-snippet';

const apiError = (status: number, code: ErrorCode, message = 'x') => new ApiError({ status, code, message });

describe('canSendChat (SPEC §5)', () => {
  it.each([
    ['a message with a token', { text: 'hi', sending: false, sessionToken: 't', needsToken: true }, true],
    ['blank', { text: '', sending: false, sessionToken: 't', needsToken: true }, false],
    ['blank after trimming', { text: ' \n\t ', sending: false, sessionToken: 't', needsToken: true }, false],
    ['while sending', { text: 'hi', sending: true, sessionToken: 't', needsToken: true }, false],
    ['widget without a session token', { text: 'hi', sending: false, sessionToken: null, needsToken: true }, false],
    ['panel without a token yet (it starts one)', { text: 'hi', sending: false, sessionToken: null, needsToken: false }, true],
  ])('%s → %s', (_name, input, expected) => {
    expect(canSendChat(input)).toBe(expected);
  });
});

describe('isSendKey (SPEC §5: Enter without Shift sends)', () => {
  it.each([
    [{ key: 'Enter', shiftKey: false }, true],
    [{ key: 'Enter', shiftKey: true }, false],
    [{ key: 'Enter', shiftKey: false, isComposing: true }, false],
    [{ key: 'a', shiftKey: false }, false],
  ])('%j → %s', (event, expected) => {
    expect(isSendKey(event)).toBe(expected);
  });
});

describe('completionText (SPEC §7: assistant.content, or data.message or result)', () => {
  it.each([
    [{ assistant: { content: 'A' }, data: { message: 'B' }, result: 'C' }, 'A'],
    [{ assistant: { content: '' }, data: { message: 'B' }, result: 'C' }, 'B'],
    [{ data: { message: 'B' } }, 'B'],
    [{ result: 'C' }, 'C'],
    [{}, CHAT_MESSAGES.noResponse],
    [null, CHAT_MESSAGES.noResponse],
    [{ assistant: { content: 42 } }, CHAT_MESSAGES.noResponse],
  ])('%j → %s', (answer, expected) => {
    expect(completionText(answer)).toBe(expected);
  });
});

describe('codeAssistantReply (SPEC §7, §8, §9)', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  it.each([
    ['result first', { ok: true, data: { message: 'm', result: 'r', suggestion: { message: 's' } }, error: null }, 'r', false],
    ['then suggestion.message', { ok: true, data: { message: 'm', suggestion: { message: 's' } }, error: null }, 's', false],
    ['then data.message', { ok: true, data: { message: 'm' }, error: null }, 'm', false],
    ['unknown shape', { ok: true, data: { message: '' }, error: null }, CHAT_MESSAGES.panelUnknown, false],
    ['no answer', null, CHAT_MESSAGES.noCodeResponse, true],
    ['refused', { ok: false, data: null, error: { code: 'code_editing_off', message: 'Not allowed' } }, 'Error: Not allowed', true],
    [
      'query failed',
      { ok: false, data: { message: 'm', query_result: { success: false, row_count: 0, data: [], error: 'only SELECT', message: 'm' } }, error: { code: 'query_failed', message: 'm' } },
      'Query failed: only SELECT',
      true,
    ],
    ['query found', { ok: true, data: { message: '', query_result: { success: true, row_count: 4, data: rows, error: null, message: '' } }, error: null }, 'Found 4 rows', false],
  ])('%s', (_name, answer, content, failed) => {
    const reply = codeAssistantReply(answer);
    expect(reply.content).toBe(content);
    expect(reply.failed).toBe(failed);
  });

  it('keeps at most 3 sample rows', () => {
    const reply = codeAssistantReply({ ok: true, data: { message: 'x', query_result: { success: true, row_count: 4, data: rows, error: null, message: '' } }, error: null });
    expect(reply.queryResult?.data).toHaveLength(3);
    expect(reply.queryResult?.row_count).toBe(4);
  });
});

describe('error texts (SPEC §8)', () => {
  it.each([
    [apiError(503, 'ai_provider_unavailable'), CHAT_MESSAGES.providerUnavailable],
    [apiError(500, 'internal_error', 'OpenAI provider down'), CHAT_MESSAGES.providerUnavailable],
    [apiError(502, 'no_response'), CHAT_MESSAGES.noResponse],
    [apiError(500, 'internal_error', 'boom'), CHAT_MESSAGES.generic],
    [new Error('?'), CHAT_MESSAGES.generic],
  ])('widget: %s → %s', (error, expected) => {
    expect(widgetErrorMessage(error)).toBe(expected);
  });

  it.each([
    [apiError(0, 'network_error'), `${PANEL_MESSAGES.edgeFunctionError}: ${PANEL_MESSAGES.networkFailure}`],
    [apiError(503, 'ai_provider_unavailable'), PANEL_MESSAGES.providerUnavailable],
    [apiError(500, 'internal_error'), PANEL_MESSAGES.configuration],
    [apiError(502, 'no_response'), CHAT_MESSAGES.noCodeResponse],
    [apiError(429, 'rate_limited', 'Too many messages.'), 'Error: Too many messages.'],
    [{}, CHAT_MESSAGES.panelFallback],
  ])('panel: %s → %s', (error, expected) => {
    expect(panelErrorMessage(error)).toBe(expected);
  });

  it.each([
    [apiError(403, 'assistant_access_denied'), CHAT_MESSAGES.accessDenied],
    [apiError(401, 'authentication_required'), CHAT_MESSAGES.authenticationRequired],
    [apiError(401, 'employee_session_expired'), CHAT_MESSAGES.sessionExpired],
    [apiError(503, 'ai_provider_unavailable'), null],
  ])('panel access: %s → %s', (error, expected) => {
    expect(panelAccessMessage(error)).toBe(expected);
  });

  it('an expired chat session is told apart (SPEC §4)', () => {
    expect(isExpiredSession(apiError(401, 'chat_session_expired'))).toBe(true);
    expect(isExpiredSession(apiError(401, 'authentication_required'))).toBe(false);
  });
});

describe('storage keys and embed code', () => {
  it('keeps the two widgets under separate keys (SPEC §3)', () => {
    expect(CHAT_TOKEN_KEYS.customer('abc')).not.toBe(CHAT_TOKEN_KEYS.assistant);
  });
  it.each([
    ['https://a.example.com\nhttp://localhost:3000/', { valid: ['https://a.example.com', 'http://localhost:3000'], invalid: [] }],
    ['javascript:alert(1)\nhttps://b.example.com/page', { valid: [], invalid: ['javascript:alert(1)', 'https://b.example.com/page'] }],
    ['', { valid: [], invalid: [] }],
  ])('parseOrigins(%j)', (text, expected) => {
    expect(parseOrigins(text)).toEqual(expected);
  });
  it('frames the embed page in the chosen corner', () => {
    expect(embedSnippet('https://till.example', 'id-1', 'top-left')).toContain('src="https://till.example/chatbot-embed/id-1"');
    expect(embedSnippet('https://till.example', 'id-1', 'top-left')).toContain('top:0;left:0');
  });
});
