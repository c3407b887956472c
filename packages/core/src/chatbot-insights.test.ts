import { describe, expect, it } from 'vitest';
import { isUnansweredTurn, questionKey } from './chatbot-insights.ts';

describe('isUnansweredTurn', () => {
  it.each([
    ['a product found', { content: 'A latte is $3.50 and in stock.', toolCalls: [{ name: 'search_products', result: { products: [{ name: 'Latte' }] } }] }, false],
    ['no product of that name', { content: 'We do not seem to sell that.', toolCalls: [{ name: 'search_products', result: { products: [] } }] }, true],
    ['a tool error', { content: 'Sorry.', toolCalls: [{ name: 'search_products', result: { error: 'The tool could not answer right now.' } }] }, true],
    ['no address given', { content: 'Sorry.', toolCalls: [{ name: 'get_business_info', result: { name: null, address: 'not given', opening_hours: 'not given' } }] }, true],
    ['the name is known', { content: 'We are Corner Café.', toolCalls: [{ name: 'get_business_info', result: { name: 'Corner Café', address: 'not given', opening_hours: 'not given' } }] }, false],
    ['one empty and one full tool', { content: 'Here you go.', toolCalls: [{ name: 'a', result: { products: [] } }, { name: 'b', result: { products: [{ name: 'x' }] } }] }, false],
    ['a greeting without tools', { content: 'Hello! How can I help?', toolCalls: [] }, false],
    ["the model says it doesn't know", { content: "I don't know when the next delivery is.", toolCalls: [] }, true],
    ['a curly apostrophe', { content: 'I couldn’t find that product.', toolCalls: [] }, true],
    ['no information', { content: 'I have no information about parking.', toolCalls: [] }, true],
    ['a refusal of a forbidden question', { content: "I can't share that. I can help with our products, prices, availability, opening hours and address.", toolCalls: [] }, false],
  ])('%s → %s', (_label, turn, expected) => {
    expect(isUnansweredTurn(turn)).toBe(expected);
  });
});

describe('questionKey', () => {
  it.each([
    ['Do you have oat milk?', 'do you have oat milk'],
    ['  do YOU   have oat milk ?! ', 'do you have oat milk'],
    ['Opening hours.', 'opening hours'],
    ['What is 2.5?', 'what is 2.5'],
  ])('%j → %j', (question, key) => {
    expect(questionKey(question)).toBe(key);
  });
});
