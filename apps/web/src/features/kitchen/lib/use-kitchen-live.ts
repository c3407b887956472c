import { useQueryClient } from '@tanstack/react-query';
import type { KitchenTicketEvent } from '@till/core';
import { useRef } from 'react';
import { useChannel } from '@/lib/realtime/use-channel';
import { kitchenQueryKey } from '../api/kitchen';

/**
 * Joins a realtime topic (the business, or one station) and re-reads the kitchen queries on each
 * kitchen.ticket event and on every (re)join; answers the channel's state for the offline badge.
 */
export function useKitchenLive(topic: string | null, onTicket?: (event: KitchenTicketEvent) => void) {
  const queryClient = useQueryClient();
  const handler = useRef(onTicket);
  handler.current = onTicket;
  return useChannel(topic, {
    onBroadcast: (message) => {
      if (message.event !== 'kitchen.ticket') return;
      void queryClient.invalidateQueries({ queryKey: kitchenQueryKey });
      handler.current?.(message.payload as unknown as KitchenTicketEvent);
    },
    onJoined: () => void queryClient.invalidateQueries({ queryKey: kitchenQueryKey }),
  });
}
