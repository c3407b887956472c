import { SIDEBAR_KEYBOARD_SHORTCUT } from '@till/core';
import { HelpCenterPage, type ShortcutGroup } from '@/features/help-center/components/help-center-page';
import { shortcutHints } from '@/features/pos/lib/shortcuts';

/**
 * The keyboard shortcuts the app really has, read from where they are defined where that is
 * data (the till's list, the sidebar's key) and named here for the rest: the lock key is
 * isLockShortcut in app/shell/lock-till.tsx, the list and sale-page keys are in the orders,
 * customers and products pages.
 */
export function helpShortcutGroups(): ShortcutGroup[] {
  const sidebarKey = SIDEBAR_KEYBOARD_SHORTCUT.toUpperCase();
  return [
    {
      title: 'Everywhere',
      where: 'On every page of the app',
      shortcuts: [
        { keys: [`Ctrl+${sidebarKey}`, `⌘+${sidebarKey}`], label: 'Show or hide the sidebar' },
        { keys: ['Ctrl+Shift+L', '⌘+Shift+L'], label: 'Lock the till (on a till, with someone signed in)' },
        { keys: ['Esc'], label: 'Close a dialog or panel' },
      ],
    },
    { title: 'The till', where: 'On the POS screen', shortcuts: shortcutHints({ customers: true }) },
    {
      title: 'Lists',
      where: 'Orders, Customers and Products, when no text field has focus',
      shortcuts: [
        { keys: ['/'], label: 'Go to the search box' },
        { keys: ['N'], label: 'Add a customer or a product' },
      ],
    },
    {
      title: 'A sale',
      where: 'On a sale’s page in Orders',
      shortcuts: [
        { keys: ['P'], label: 'Print the receipt' },
        { keys: ['R'], label: 'Refund' },
      ],
    },
  ];
}

/** /help-center (SPEC §2, login guarded; issue 20 item 12). */
export function HelpCenterRoute() {
  return <HelpCenterPage shortcutGroups={helpShortcutGroups()} />;
}
