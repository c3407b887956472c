import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatbotCodeAssistantInput, UpdateChatbotSettingsInput, UpdatePlatformChatbotDefaultsInput } from '@till/core';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/**
 * The chatbot API (issue 17) through the typed client: the customer widget's session and
 * completion (public), the assistant panel's session and code assistant (the owner's account),
 * and the owner's chatbot settings.
 */
export type ChatSessionStart = ApiAnswer<'/api/chatbot/sessions', 'post'>;
export type CompletionAnswer = ApiAnswer<'/api/functions/chatbot-completion', 'post'>;
export type CodeAssistantAnswer = ApiAnswer<'/api/functions/chatbot-code-assistant', 'post'>;
export type ChatbotSettings = ApiAnswer<'/api/chatbot/settings'>['settings'];

export const startCustomerChatSession = (chatbotId: string) =>
  dataOf(api.POST('/api/chatbot/sessions', { body: { chatbot_id: chatbotId } }));

export const startAssistantChatSession = () => dataOf(api.POST('/api/chatbot/assistant-sessions'));

export const sendChatCompletion = (sessionToken: string, message: string) =>
  dataOf(api.POST('/api/functions/chatbot-completion', { body: { sessionToken, message } }));

/** The visitor's thumbs on an answer of their own conversation (Chatbot Insights). */
export const rateChatAnswer = (sessionToken: string, messageId: string, rating: 'up' | 'down') =>
  dataOf(api.POST('/api/chatbot/feedback', { body: { sessionToken, message_id: messageId, rating } }));

export const sendCodeAssistant = (body: ChatbotCodeAssistantInput) => dataOf(api.POST('/api/functions/chatbot-code-assistant', { body }));

export const chatbotSettingsQueryKey = ['chatbot', 'settings'] as const;

export function useChatbotSettings() {
  return useQuery({
    queryKey: chatbotSettingsQueryKey,
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/chatbot/settings', { signal }))).settings,
    retry: false,
  });
}

export function useUpdateChatbotSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateChatbotSettingsInput) => (await dataOf(api.PATCH('/api/chatbot/settings', { body: changes }))).settings,
    onSuccess: (settings) => queryClient.setQueryData(chatbotSettingsQueryKey, settings),
  });
}

/** /superadmin/chatbot: the platform's defaults and every business's chatbot. */
export type PlatformChatbot = ApiAnswer<'/api/super-admin/chatbot'>;
const platformChatbotKey = ['chatbot', 'platform'] as const;

export function usePlatformChatbot() {
  return useQuery({ queryKey: platformChatbotKey, queryFn: ({ signal }) => dataOf(api.GET('/api/super-admin/chatbot', { signal })) });
}

export function useUpdatePlatformChatbotDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdatePlatformChatbotDefaultsInput) => (await dataOf(api.PATCH('/api/super-admin/chatbot/defaults', { body: changes }))).defaults,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformChatbotKey }),
  });
}
