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
  '/ai-modules': 'The AI modules for your business, and what each one can tell you, will be listed here.',
  '/ai/customer-footpath': 'How customers move from a first visit to repeat purchases will be shown here.',
  '/ai/sales-prediction': 'Expected sales for the coming days, worked out from your own sales history, will be shown here.',
  '/ai/product-recommendation': 'Products that sell together, to suggest at the till, will be shown here.',
  '/ai/stock-forecast': 'When each product will run out at its current pace, and how much to reorder, will be shown here.',
  '/rebates-test': 'Supplier rebates, and how they change your costs, will be tried out here.',
  '/chatbot': 'What customers ask your chatbot, and how well it answers, will be shown here.',
  '/kitchen': 'Orders waiting for the kitchen will be shown here, in the order to cook them.',
  '/waste-tracking': 'Stock written off as waste, and why, will be recorded here.',
  '/batch-management': 'Stock by batch, with lot numbers and expiry dates, will be managed here.',
  '/inventory-forecast': 'Expected stock levels will be shown here, so you reorder before you run out.',
  '/price-labels': 'Shelf labels with prices and barcodes will be prepared and printed here.',
  '/invoices': 'Invoices for your customers, made from sales or by hand, will be managed here.',
  '/vehicle-services': "Service jobs for customers' vehicles, with parts and labour, will be managed here.",
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
