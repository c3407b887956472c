import type { BroadcastPayload, ChannelState } from '@till/core';
import { useEffect, useRef, useState } from 'react';
import { readEmployeeSession } from '@/lib/employee-session';
import type { ChannelOptions, PostgresChange } from './realtime-channel';
import { RealtimeClient } from './realtime-client';

let shared: RealtimeClient | null = null;

/** The page's one socket to /realtime; joins carry the employee session of this device, if any. */
export function getRealtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient({ employeeSession: () => readEmployeeSession()?.token ?? null });
  return shared;
}

export interface UseChannelOptions extends ChannelOptions {
  onBroadcast?: (message: BroadcastPayload) => void;
  onPostgresChange?: (change: PostgresChange) => void;
  /**
   * Runs on every join, the first and each one after a reconnect: re-read what the screen shows,
   * since messages sent while the channel was not joined are not replayed.
   */
  onJoined?: () => void;
  /** Another client than the page's shared one (tests). */
  client?: RealtimeClient;
}

export interface ChannelStatus {
  state: ChannelState;
  /** SPEC §8 text of the last failure ("channel error", "timed out", the bindings mismatch). */
  error: string | null;
}

/**
 * Joins `topic` (realtimeTopic.* from @till/core) while the component is mounted and hands its
 * messages to the callbacks; answers the channel's SPEC §4 state for an "offline" badge. Pass
 * null to join nothing (not signed in yet).
 */
export function useChannel(topic: string | null, options: UseChannelOptions = {}): ChannelStatus {
  const [status, setStatus] = useState<ChannelStatus>({ state: 'closed', error: null });
  const handlers = useRef(options);
  handlers.current = options;
  const bindings = JSON.stringify(options.postgresChanges ?? []);
  const client = options.client;

  useEffect(() => {
    if (!topic) return;
    const socket = client ?? getRealtimeClient();
    const channel = socket.channel(topic, { postgresChanges: JSON.parse(bindings) });
    const offState = channel.onState((current) => {
      setStatus({ state: current.state, error: current.error });
      if (current.state === 'joined') handlers.current.onJoined?.();
    });
    const offBroadcast = channel.onBroadcast('*', (message) => handlers.current.onBroadcast?.(message));
    const offChange = channel.onPostgresChange((change) => handlers.current.onPostgresChange?.(change));
    channel.join();
    return () => {
      offState();
      offBroadcast();
      offChange();
      socket.removeChannel(channel);
      setStatus({ state: 'closed', error: null });
    };
  }, [topic, bindings, client]);

  return status;
}
