import type { AppRoutePath } from '@till/core';

/**
 * One line per page whose tools arrive in later work: what the page will hold. Pages with their
 * own screens (dashboard, settings, analytics, system health, sign-in) are described there.
 */
export const PAGE_DESCRIPTIONS: Partial<Record<AppRoutePath, string>> = {
  '/batch-management': 'Stock by batch, with lot numbers and expiry dates, will be managed here.',
  '/superadmin': 'The platform overview for super administrators; its tools are listed below.',
  '/superadmin/industry-templates': 'The starting setup each industry gets will be edited here.',
  '/superadmin/visual-editor': 'Changes to how the product looks will be made here, without code.',
};

export function pageDescription(path: string): string {
  return PAGE_DESCRIPTIONS[path as AppRoutePath] ?? 'This page is on its way.';
}
