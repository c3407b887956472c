import type { AppRoutePath } from '@till/core';

/**
 * One line per page whose tools arrive in later work: what the page will hold. Pages with their
 * own screens (dashboard, settings, analytics, system health, sign-in) are described there.
 */
export const PAGE_DESCRIPTIONS: Partial<Record<AppRoutePath, string>> = {
  '/superadmin': 'The platform overview for super administrators; its tools are listed below.',
};

export function pageDescription(path: string): string {
  return PAGE_DESCRIPTIONS[path as AppRoutePath] ?? 'This page is on its way.';
}
