import { describe, expect, it } from 'vitest';
import { commandForKey } from '@/features/pos/lib/shortcuts';
import { isLockShortcut } from '../shell/lock-till';
import { helpShortcutGroups } from './help-center';

const key = (text: string) => ({ key: text, inTextField: false, dialogOpen: false, fastFollow: false });

describe('the Help Center’s keyboard shortcuts', () => {
  const groups = helpShortcutGroups();
  const all = groups.flatMap((group) => group.shortcuts);

  it('lists the keys the app really reacts to', () => {
    expect(isLockShortcut({ key: 'L', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false })).toBe(true);
    expect(isLockShortcut({ key: 'l', ctrlKey: false, metaKey: true, shiftKey: true, altKey: false })).toBe(true);
    expect(all.find((shortcut) => shortcut.label.startsWith('Lock the till'))!.keys).toEqual(['Ctrl+Shift+L', '⌘+Shift+L']);
    expect(all.find((shortcut) => shortcut.label === 'Show or hide the sidebar')!.keys).toEqual(['Ctrl+B', '⌘+B']);
    const till = groups.find((group) => group.title === 'The till')!.shortcuts;
    for (const fKey of ['F2', 'F4', 'F8', 'F9', 'F12']) {
      expect(till.some((shortcut) => shortcut.keys.includes(fKey)), fKey).toBe(true);
      expect(commandForKey(key(fKey)), fKey).not.toBeNull();
    }
  });
});
