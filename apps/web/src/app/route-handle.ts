import type { AppRoute } from '@till/core';
import { useMatches } from 'react-router';

/** Every route built from APP_ROUTES carries its SPEC §2 entry in the router's handle. */
export interface AppRouteHandle {
  appRoute: AppRoute;
}

function isAppRouteHandle(handle: unknown): handle is AppRouteHandle {
  return typeof handle === 'object' && handle !== null && 'appRoute' in handle;
}

/** The APP_ROUTES entry of the deepest matched route, or null outside them (not found). */
export function useCurrentAppRoute(): AppRoute | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isAppRouteHandle(handle)) return handle.appRoute;
  }
  return null;
}
