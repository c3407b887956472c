import { describe, expect, it } from 'vitest';
import { commandForKey, shortcutHints, type ShortcutKey } from './shortcuts';

const key = (k: string, overrides: Partial<ShortcutKey> = {}): ShortcutKey => ({ key: k, inTextField: false, dialogOpen: false, fastFollow: false, ...overrides });

describe('till shortcuts', () => {
  it('F-keys act wherever focus is, even in the search box', () => {
    expect(commandForKey(key('F2', { inTextField: true }))).toBe('focusSearch');
    expect(commandForKey(key('F4'))).toBe('customer');
    expect(commandForKey(key('F8'))).toBe('park');
    expect(commandForKey(key('F9', { inTextField: true }))).toBe('pay');
    expect(commandForKey(key('F12'))).toBe('pay');
  });

  it('+, − and Delete act on the selected line only outside text fields', () => {
    expect(commandForKey(key('+'))).toBe('increment');
    expect(commandForKey(key('-'))).toBe('decrement');
    expect(commandForKey(key('Delete'))).toBe('removeLine');
    expect(commandForKey(key('+', { inTextField: true }))).toBeNull();
    expect(commandForKey(key('Delete', { inTextField: true }))).toBeNull();
  });

  it('a - inside a fast scanner burst is part of the code, not a shortcut', () => {
    expect(commandForKey(key('-', { fastFollow: true }))).toBeNull();
  });

  it('nothing acts under an open dialog or with a modifier (Ctrl+F2 is the browser’s)', () => {
    expect(commandForKey(key('F9', { dialogOpen: true }))).toBeNull();
    expect(commandForKey(key('F2', { ctrlKey: true }))).toBeNull();
    expect(commandForKey(key('a'))).toBeNull();
  });

  it('the hint list names the customer key only where customers are on', () => {
    expect(shortcutHints({ customers: true }).some((hint) => hint.keys.includes('F4'))).toBe(true);
    expect(shortcutHints({ customers: false }).some((hint) => hint.keys.includes('F4'))).toBe(false);
  });
});
