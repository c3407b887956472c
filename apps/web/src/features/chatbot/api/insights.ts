import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** Chatbot Insights' answers (issue 17 item 7): the server's route schemas, never copies. */
export type ChatbotInsights = ApiAnswer<'/api/chatbot/insights'>;
export type ChatConversation = ApiAnswer<'/api/chatbot/conversations'>['conversations'][number];
export type ChatTranscript = ApiAnswer<'/api/chatbot/conversations/{id}'>;

const key = ['chatbot-insights'] as const;

export function useChatbotInsights(days: number) {
  return useQuery({
    queryKey: [...key, 'summary', days],
    queryFn: ({ signal }) => dataOf(api.GET('/api/chatbot/insights', { params: { query: { days } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useChatConversations() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...key, 'conversations'],
      queryFn: ({ pageParam, signal }) => dataOf(api.GET('/api/chatbot/conversations', { params: { query: { limit: 25, cursor: pageParam ?? undefined } }, signal })),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
    }),
  );
}

export function useChatTranscript(id: string | null) {
  return useQuery({
    queryKey: [...key, 'transcript', id],
    queryFn: ({ signal }) => dataOf(api.GET('/api/chatbot/conversations/{id}', { params: { path: { id: id ?? '' } }, signal })),
    enabled: id !== null,
  });
}
