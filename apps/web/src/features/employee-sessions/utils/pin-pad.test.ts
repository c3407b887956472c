import { describe, expect, it } from 'vitest';
import { canSubmitPin, EMPTY_PIN_PAD, pinDots, pinPadKey, pinPadReducer, type PinPadAction, type PinPadState } from './pin-pad';

const run = (actions: PinPadAction[], from: PinPadState = EMPTY_PIN_PAD) => actions.reduce(pinPadReducer, from);
const digits = (text: string): PinPadAction[] => [...text].map((digit) => ({ type: 'digit', digit }));

describe('pinPadReducer', () => {
  it('appends digits up to six and ignores the seventh', () => {
    expect(run(digits('4321')).digits).toBe('4321');
    expect(run(digits('12345678')).digits).toBe('123456');
  });

  it('ignores anything that is not one digit', () => {
    expect(run([{ type: 'digit', digit: 'a' }, { type: 'digit', digit: '12' }, { type: 'digit', digit: '' }]).digits).toBe('');
  });

  it('backspace removes the last digit; clear removes them all', () => {
    expect(run([...digits('432'), { type: 'backspace' }]).digits).toBe('43');
    expect(run([{ type: 'backspace' }]).digits).toBe('');
    expect(run([...digits('4321'), { type: 'clear' }]).digits).toBe('');
  });

  it('keeps the same state object when nothing changes (no needless re-render)', () => {
    const full = run(digits('123456'));
    expect(pinPadReducer(full, { type: 'digit', digit: '7' })).toBe(full);
    expect(pinPadReducer(EMPTY_PIN_PAD, { type: 'clear' })).toBe(EMPTY_PIN_PAD);
    expect(pinPadReducer(EMPTY_PIN_PAD, { type: 'backspace' })).toBe(EMPTY_PIN_PAD);
  });
});

describe('canSubmitPin', () => {
  it.each([
    ['', false],
    ['123', false],
    ['1234', true],
    ['12345', true],
    ['123456', true],
    ['1234567', false],
    ['12a4', false],
  ])('%j → %s', (pin, expected) => {
    expect(canSubmitPin(pin)).toBe(expected);
  });
});

describe('pinDots', () => {
  it('shows at least four places and one filled dot per digit', () => {
    expect(pinDots('')).toEqual([false, false, false, false]);
    expect(pinDots('12')).toEqual([true, true, false, false]);
    expect(pinDots('12345')).toEqual([true, true, true, true, true]);
  });
});

describe('pinPadKey', () => {
  it('maps digits, Backspace, Escape, Delete and Enter', () => {
    expect(pinPadKey({ key: '7' })).toEqual({ type: 'digit', digit: '7' });
    expect(pinPadKey({ key: 'Backspace' })).toEqual({ type: 'backspace' });
    expect(pinPadKey({ key: 'Escape' })).toEqual({ type: 'clear' });
    expect(pinPadKey({ key: 'Delete' })).toEqual({ type: 'clear' });
    expect(pinPadKey({ key: 'Enter' })).toBe('submit');
  });

  it('leaves other keys and shortcuts alone', () => {
    expect(pinPadKey({ key: 'a' })).toBeNull();
    expect(pinPadKey({ key: 'Tab' })).toBeNull();
    expect(pinPadKey({ key: '1', ctrlKey: true })).toBeNull();
    expect(pinPadKey({ key: 'b', metaKey: true })).toBeNull();
  });
});
