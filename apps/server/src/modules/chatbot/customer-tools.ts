import { formatMoney, hasUnstorableCharacters, stockAvailability } from '@till/core';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import { publicFactsRepository } from './public-facts.repository.ts';
import { defineTool, type ChatTool } from './run-chat.ts';

const SEARCH_LIMIT = 8;

/**
 * The customer-facing assistant's tools (issue 17): read-only, over the public facts of the
 * one business the widget session belongs to: product names, prices, availability in words,
 * the business's name, address and opening hours. The business comes from the session, never
 * from the model; no tool takes an id, and none can return a cost, a stock count, staff,
 * customers or orders.
 */
export function customerTools(database: Database, businessId: string): ChatTool[] {
  return [
    defineTool({
      name: 'search_products',
      description: 'Find products the shop sells by name. Returns name, price and availability ("in stock", "low stock", "out of stock" or "available").',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'words of the product name; empty for the first products' } },
        required: ['query'],
        additionalProperties: false,
      },
      args: z.strictObject({ query: z.string().max(100).refine((text) => !hasUnstorableCharacters(text), 'must be plain text') }),
      run: async ({ query }) =>
        database.withTenant(businessId, async (tx) => {
          const business = await chatbotRepository.businessName(tx, businessId);
          const rows = await publicFactsRepository.searchProducts(tx, businessId, query.trim(), SEARCH_LIMIT);
          return {
            products: rows.map((row) => ({ name: row.name, price: formatMoney(row.price, business?.currency ?? 'USD'), availability: stockAvailability(row) })),
          };
        }),
    }),
    defineTool({
      name: 'get_business_info',
      description: "The shop's name, address and opening hours.",
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      args: z.strictObject({}),
      run: async () =>
        database.withTenant(businessId, async (tx) => {
          const business = await chatbotRepository.businessName(tx, businessId);
          const settings = await chatbotRepository.findSettings(tx, businessId);
          return {
            name: business?.name ?? null,
            address: settings?.businessAddress ?? 'not given',
            opening_hours: settings?.openingHours ?? 'not given',
          };
        }),
    }),
  ];
}
