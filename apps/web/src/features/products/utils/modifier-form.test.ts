import { describe, expect, it } from 'vitest';
import { draftsToBody, groupsToDrafts, parseDelta, type GroupDraft } from './modifier-form';

const group = (overrides: Partial<GroupDraft>): GroupDraft => ({
  key: 'g',
  name: 'Extras',
  required: false,
  min: '0',
  max: '2',
  options: [
    { key: 'a', name: 'Extra cheese', delta: '1.00' },
    { key: 'b', name: 'No bun', delta: '-0.50' },
    { key: 'c', name: '', delta: '' },
  ],
  ...overrides,
});

describe('the modifier groups form', () => {
  it.each([
    ['', 0],
    ['1', 100],
    ['1.5', 150],
    ['-0.50', -50],
    ['−0.50', -50],
    ['+2', 200],
    ['abc', null],
    ['1.234', null],
  ])('parseDelta(%j) = %s', (text, expected) => {
    expect(parseDelta(text, 'USD')).toBe(expected);
  });

  it('turns the drafts into the body, leaving blank option rows out; optional groups have min 0', () => {
    expect(draftsToBody([group({})], 'USD')).toEqual({
      ok: true,
      body: { groups: [{ name: 'Extras', min_choices: 0, max_choices: 2, options: [{ name: 'Extra cheese', price_delta: 100 }, { name: 'No bun', price_delta: -50 }] }] },
    });
  });

  it.each([
    ['a bad amount', group({ options: [{ key: 'a', name: 'Cheese', delta: 'lots' }] }), /not an amount/],
    ['min above max', group({ required: true, min: '2', max: '1' }), /minimum/],
    ['an unnamed group', group({ name: ' ' }), /Name it/],
  ])('refuses %s', (_name, draft, message) => {
    const result = draftsToBody([draft], 'USD');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('shows saved groups with their ids and amounts', () => {
    const drafts = groupsToDrafts(
      [{ id: 'g1', name: 'Doneness', min_choices: 1, max_choices: 1, options: [{ id: 'o1', name: 'Rare', price_delta: 0 }, { id: 'o2', name: 'Wagyu', price_delta: 1250 }] }],
      'USD',
    );
    expect(drafts[0]).toMatchObject({ id: 'g1', required: true, min: '1', max: '1' });
    expect(drafts[0]!.options.map((option) => [option.id, option.delta])).toEqual([
      ['o1', ''],
      ['o2', '12.50'],
    ]);
  });
});
