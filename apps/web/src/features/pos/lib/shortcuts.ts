/**
 * The till's keyboard: every frequent action on a key (STYLE.md). F-keys work wherever focus
 * is, even in the search box; single characters (+, −, Delete, ?) only when no text field has
 * focus, so typing stays typing. Open dialogs handle their own keys (Esc closes them).
 */

export type PosCommand = 'focusSearch' | 'customer' | 'park' | 'pay' | 'increment' | 'decrement' | 'removeLine' | 'help';

export interface ShortcutHint {
  keys: string[];
  label: string;
}

/** What the shortcut list shows; `customer` only where customers are switched on. */
export function shortcutHints(options: { customers: boolean }): ShortcutHint[] {
  return [
    { keys: ['F2'], label: 'Search products' },
    ...(options.customers ? [{ keys: ['F4'], label: 'Customer' }] : []),
    { keys: ['F8'], label: 'Park the sale (with an empty cart: parked sales)' },
    { keys: ['F9', 'F12'], label: 'Pay' },
    { keys: ['+', '−'], label: 'Quantity of the selected line' },
    { keys: ['Del'], label: 'Remove the selected line' },
    { keys: ['Enter'], label: 'In the search box: add the only match' },
    { keys: ['Esc'], label: 'Close a dialog' },
    { keys: ['?'], label: 'This list' },
  ];
}

export interface ShortcutKey {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** Focus is in an input, a text area, a select or something editable. */
  inTextField: boolean;
  /** A dialog is open over the till. */
  dialogOpen: boolean;
  /** The key came right after another (barcode-detector's fastFollow): part of a scan, not a shortcut. */
  fastFollow: boolean;
}

const FUNCTION_KEYS: Record<string, PosCommand> = { F2: 'focusSearch', F4: 'customer', F8: 'park', F9: 'pay', F12: 'pay' };
const CHARACTER_KEYS: Record<string, PosCommand> = {
  '+': 'increment',
  '-': 'decrement',
  '−': 'decrement',
  Delete: 'removeLine',
  '?': 'help',
};

export function commandForKey(input: ShortcutKey): PosCommand | null {
  if (input.dialogOpen || input.ctrlKey || input.altKey || input.metaKey) return null;
  const functionCommand = FUNCTION_KEYS[input.key];
  if (functionCommand) return functionCommand;
  if (input.inTextField || input.fastFollow) return null;
  return CHARACTER_KEYS[input.key] ?? null;
}
