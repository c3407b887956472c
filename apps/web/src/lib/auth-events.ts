/**
 * SPEC §4 "Auth user events: signed in, signed out, token refreshed, password recovery, user
 * updated, initial session", shared by every open tab of the web app on one BroadcastChannel:
 * signing out in one tab signs out the others, signing in elsewhere reloads who is signed in.
 */
export const AUTH_EVENTS = ['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT', 'TOKEN_REFRESHED', 'PASSWORD_RECOVERY', 'USER_UPDATED'] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];

export const AUTH_EVENTS_CHANNEL = 'till-auth-events';

type Listener = (event: AuthEvent) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function isAuthEvent(value: unknown): value is AuthEvent {
  return typeof value === 'string' && (AUTH_EVENTS as readonly string[]).includes(value);
}

function sharedChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_EVENTS_CHANNEL);
  channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
    const event = (message.data as { event?: unknown } | null)?.event;
    if (isAuthEvent(event)) for (const listener of listeners) listener(event);
  });
  return channel;
}

/** Tells this tab's listeners and every other tab. */
export function publishAuthEvent(event: AuthEvent): void {
  for (const listener of listeners) listener(event);
  sharedChannel()?.postMessage({ event });
}

/** Listens to this tab's and the other tabs' auth events; returns the unsubscribe. */
export function onAuthEvent(listener: Listener): () => void {
  sharedChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
