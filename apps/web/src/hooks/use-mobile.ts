import { MOBILE_BREAKPOINT } from '@till/core';
import { useSyncExternalStore } from 'react';

// SPEC §9: narrower than 768px counts as mobile; the same line as Tailwind's `md:`.
const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
