import { describe, expect, it } from 'vitest';
import { credentialsFromIdentifier } from './identifier';

describe('credentialsFromIdentifier', () => {
  it.each([
    ['ann@example.com', { email: 'ann@example.com' }],
    ['  ann@example.com  ', { email: 'ann@example.com' }],
    ['+1 555 123 4567', { phone: '+1 555 123 4567' }],
    ['5551234567', { phone: '5551234567' }],
    ['', {}],
    ['   ', {}],
  ])('%j -> %j', (input, expected) => {
    expect(credentialsFromIdentifier(input)).toEqual(expected);
  });
});
