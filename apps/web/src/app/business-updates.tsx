import { useQueryClient } from '@tanstack/react-query';
import { realtimeTopic } from '@till/core';
import { useRef } from 'react';
import { meQueryKey } from '@/lib/me';
import { useChannel } from '@/lib/realtime/use-channel';

/**
 * Keeps every open page of a business in step with its settings: when the owner switches a
 * feature or renames the business on one device, the server publishes business.changed on the
 * business channel and every other till and tab re-reads /api/me (its sidebar and guards follow).
 * After a reconnect it re-reads too, since a change may have happened while it was away.
 */
export function BusinessUpdates({ businessId }: { businessId: string | null }) {
  const queryClient = useQueryClient();
  const joins = useRef(0);
  useChannel(businessId ? realtimeTopic.business(businessId) : null, {
    onBroadcast: (message) => {
      if (message.event === 'business.changed') void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onJoined: () => {
      joins.current += 1;
      if (joins.current > 1) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  return null;
}
