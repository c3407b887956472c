import type { AppRoutePath } from '@till/core';

/**
 * One line per page whose tools arrive in later work: what the page will hold. Pages with their
 * own screens (dashboard, settings, analytics, system health, sign-in) are described there.
 */
export const PAGE_DESCRIPTIONS: Partial<Record<AppRoutePath, string>> = {
  '/pricing': 'The plans for Till and what each one includes will be listed here.',
  '/back-office': 'The back office will gather stock, staff, reports and settings in one place.',
  '/incidents': 'Incidents in the business, such as breakages, complaints and accidents, will be logged here.',
  '/marketing': 'Campaigns and offers that bring customers back will be managed here.',
  '/integrations': 'Connections to other services, such as accounting and payments, will be set up here.',
  '/chatbot': 'What customers ask your chatbot, and how well it answers, will be shown here.',
  '/batch-management': 'Stock by batch, with lot numbers and expiry dates, will be managed here.',
  '/invoices': 'Invoices for your customers, made from sales or by hand, will be managed here.',
  '/stores': 'Your stores, and which stock and staff belong to each, will be managed here.',
  '/appointments': 'Bookings for your customers, by day and by staff member, will be managed here.',
  '/superadmin': 'The platform overview for super administrators; its tools are listed below.',
  '/superadmin/feature-flags': 'Features switched on or off across the whole platform will be managed here.',
  '/superadmin/industry-templates': 'The starting setup each industry gets will be edited here.',
  '/superadmin/subscription-plans': 'The plans businesses can subscribe to will be managed here.',
  '/superadmin/visual-editor': 'Changes to how the product looks will be made here, without code.',
  '/superadmin/chatbot': "The AI assistant's settings, such as its model and what it may do, will be managed here.",
};

export function pageDescription(path: string): string {
  return PAGE_DESCRIPTIONS[path as AppRoutePath] ?? 'This page is on its way.';
}
