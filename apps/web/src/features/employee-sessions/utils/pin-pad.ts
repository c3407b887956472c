/** The PIN pad's state: the digits typed so far, never shown, only counted as dots. */

export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;

export type PinPadAction = { type: 'digit'; digit: string } | { type: 'backspace' } | { type: 'clear' };

export interface PinPadState {
  digits: string;
}

export const EMPTY_PIN_PAD: PinPadState = { digits: '' };

export function pinPadReducer(state: PinPadState, action: PinPadAction): PinPadState {
  switch (action.type) {
    case 'digit':
      // A seventh digit is ignored rather than pushing the first one out.
      if (!/^\d$/.test(action.digit) || state.digits.length >= PIN_MAX_LENGTH) return state;
      return { digits: state.digits + action.digit };
    case 'backspace':
      return state.digits.length === 0 ? state : { digits: state.digits.slice(0, -1) };
    case 'clear':
      return state.digits.length === 0 ? state : EMPTY_PIN_PAD;
  }
}

export function canSubmitPin(digits: string): boolean {
  return digits.length >= PIN_MIN_LENGTH && digits.length <= PIN_MAX_LENGTH && /^\d+$/.test(digits);
}

/** How many dots to draw: the typed digits, and empty ones up to the shortest PIN. */
export function pinDots(digits: string): boolean[] {
  const count = Math.max(PIN_MIN_LENGTH, digits.length);
  return Array.from({ length: count }, (_, index) => index < digits.length);
}

/** What a physical key does on the pad: digits (top row and keypad), Backspace, Escape clears, Enter submits. */
export function pinPadKey(event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): PinPadAction | 'submit' | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (/^\d$/.test(event.key)) return { type: 'digit', digit: event.key };
  switch (event.key) {
    case 'Backspace':
      return { type: 'backspace' };
    case 'Delete':
    case 'Escape':
      return { type: 'clear' };
    case 'Enter':
      return 'submit';
    default:
      return null;
  }
}
