import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/me';

/**
 * When the employee acting on this device changes (PIN sign-in, End Shift, sign-out), what the
 * previous one loaded must not be shown to the next: hours, lists filtered by permission and
 * so on. Only /api/me belongs to the device's account and stays.
 */
export function forgetActorQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}
