import { describe, expect, it } from 'vitest';
import { CUSTOMER_TAGS_MAX, customerTagsInput, normalizeTags, parseTagList } from './customer-tags.ts';

describe('customer tags', () => {
  it.each<[string, string[], string[]]>([
    ['nothing', [], []],
    ['lower-cased and sorted', ['Wholesale', 'VIP'], ['vip', 'wholesale']],
    ['each once, whatever the case', ['vip', 'VIP ', ' Vip'], ['vip']],
    ['inner spaces collapsed', ['Big   spender'], ['big spender']],
    ['blank ones dropped', ['', '  ', 'vip'], ['vip']],
  ])('normalises %s', (_name, tags, expected) => {
    expect(normalizeTags(tags)).toEqual(expected);
  });

  it('reads a comma-separated list', () => {
    expect(parseTagList('vip, Wholesale ,, vip')).toEqual(['vip', 'wholesale']);
  });

  it.each<[string, unknown, string[] | null]>([
    ['a list', ['VIP', 'staff'], ['staff', 'vip']],
    ['a blank tag', ['vip', ' '], null],
    ['a tag over 40 characters', ['x'.repeat(41)], null],
    ['a line break', ['vip\nstaff'], null],
    ['too many distinct tags', Array.from({ length: CUSTOMER_TAGS_MAX + 1 }, (_, index) => `tag ${index}`), null],
    ['many copies of few tags', Array.from({ length: CUSTOMER_TAGS_MAX + 5 }, () => 'vip'), ['vip']],
  ])('validates %s', (_name, input, expected) => {
    const parsed = customerTagsInput.safeParse(input);
    expect(parsed.success ? parsed.data : null).toEqual(expected);
  });
});
