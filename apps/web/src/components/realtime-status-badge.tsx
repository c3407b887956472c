import type { ChannelState } from '@till/core';
import { Badge } from '@/components/ui/badge';

/**
 * SPEC §4 channel state where it matters (the kitchen display): nothing while joined, "Connecting…"
 * while joining, "Offline" when errored or closed, with the SPEC §8 reason as its tooltip.
 */
export function RealtimeStatusBadge({ state, error }: { state: ChannelState; error: string | null }) {
  if (state === 'joined' || state === 'leaving') return null;
  if (state === 'joining' && !error) {
    return (
      <Badge variant="warning" role="status">
        Connecting…
      </Badge>
    );
  }
  return (
    <Badge variant="destructive" role="status" title={error ?? undefined}>
      Offline
    </Badge>
  );
}
