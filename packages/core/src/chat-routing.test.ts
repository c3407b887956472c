import { describe, expect, it } from 'vitest';
import { routeChatMessage, type ChatRoute } from './chat-routing.ts';

const cases: [string, ChatRoute][] = [
  ['How many orders did we take yesterday? Query the database', 'code-assistant'],
  ['Show me the SQL for top products', 'code-assistant'],
  ['SELECT count(*) FROM ai_orders', 'code-assistant'],
  ['Which columns does the products table have?', 'code-assistant'],
  ['There is a bug in the checkout component', 'code-assistant'],
  ['Refactor this function please', 'code-assistant'],
  ['Fix the CSS of the header', 'code-assistant'],
  ['describe the schema', 'code-assistant'],
  ['DATABASE', 'code-assistant'],
  ['how many orders today?', 'code-assistant'],
  ['What were my best sellers last week?', 'completion'],
  ['Write a friendly welcome text for the shop', 'completion'],
  ['Do you sell tablets?', 'completion'],
  ['decode this barcode', 'completion'],
  ['selection of teas', 'completion'],
  ['', 'completion'],
  ['   ', 'completion'],
  ['Qué hay en la base de datos', 'completion'],
];

describe('routeChatMessage (SPEC §7 keyword routing)', () => {
  it.each(cases)('%j goes to %s', (text, route) => {
    expect(routeChatMessage(text)).toBe(route);
  });
});
