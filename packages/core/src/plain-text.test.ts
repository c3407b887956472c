import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, isWellFormedText, multiLine, singleLine, stripControlCharacters } from './plain-text.ts';

describe('stripControlCharacters', () => {
  it.each([
    ['plain text', 'Flat white', 'Flat white'],
    ['ESC p (open drawer) inside a note', 'no sugar\u001bp\u0000\u0019\u00fa', 'no sugarpú'],
    ['GS V (cut)', 'x\u001dV\u0041y', 'xVAy'],
    ['keeps newlines', 'line one\nline two', 'line one\nline two'],
    ['drops CR, tab, DEL and C1', 'a\r\tb\u007fc\u0085d\u009be', 'abcde'],
    ['keeps emoji and accents', 'Crème brûlée 🍮', 'Crème brûlée 🍮'],
  ])('%s', (_name, input, expected) => {
    expect(stripControlCharacters(input)).toBe(expected);
  });
});

describe('hasControlCharacters and isWellFormedText', () => {
  it.each([
    ['abc', false, false],
    ['a\nb', true, false],
    ['a\u0000b', true, true],
    ['a\u001bb', true, true],
    ['a\u0090b', true, true],
  ])('%j: newline allowed → %s (rejected: %s)', (text, _unused, rejectedWithNewline) => {
    expect(hasControlCharacters(text, { allowNewline: true })).toBe(rejectedWithNewline);
    expect(hasControlCharacters(text, { allowNewline: false })).toBe(text !== 'abc');
  });
  it.each([
    ['ok', true],
    ['🍮', true],
    ['\uD83C', false],
    ['a\uDF6Eb', false],
    ['\uDF6E\uD83C', false],
  ])('%j well formed: %s', (text, expected) => {
    expect(isWellFormedText(text)).toBe(expected);
  });
});

describe('singleLine and multiLine schemas', () => {
  const name = singleLine(z.string().trim().min(1).max(20));
  const note = multiLine(z.string().max(50));
  it.each([
    ['Ann', true, true],
    ['two\nlines', false, true],
    ['nul\u0000', false, false],
    ['esc\u001b@', false, false],
    ['lone \uD800', false, false],
  ])('%j: name %s, note %s', (text, nameOk, noteOk) => {
    expect(name.safeParse(text).success).toBe(nameOk);
    expect(note.safeParse(text).success).toBe(noteOk);
  });
  it('keeps the other rules', () => {
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.parse('  Ann  ')).toBe('Ann');
  });
});
