import { DeleteIcon } from 'lucide-react';
import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { canSubmitPin, EMPTY_PIN_PAD, PIN_MAX_LENGTH, pinDots, pinPadKey, pinPadReducer } from '../utils/pin-pad';

interface PinPadProps {
  /** Read out with the dots, e.g. "PIN for Cara". */
  label: string;
  onSubmit: (pin: string) => void;
  pending?: boolean;
  /** Change it to drop the typed digits (after a refused attempt). */
  clearSignal?: number;
  /** The name of the submit button. */
  submitLabel?: string;
}

const DIGIT_ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
] as const;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A PIN pad for fingers: 64px digit keys, backspace and clear, masked dots. The physical
 * keyboard works too (digits, Backspace, Escape clears, Enter submits), so a till with a
 * keyboard or a number pad is as quick as a touch screen.
 */
export function PinPad({ label, onSubmit, pending = false, clearSignal = 0, submitLabel = 'Sign in' }: PinPadProps) {
  const [state, dispatch] = useReducer(pinPadReducer, EMPTY_PIN_PAD);
  const digitsRef = useRef(state.digits);
  digitsRef.current = state.digits;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const ready = canSubmitPin(state.digits);

  useEffect(() => {
    dispatch({ type: 'clear' });
  }, [clearSignal]);

  const submitRef = useRef<() => void>(() => {});
  submitRef.current = () => {
    if (pending || !canSubmitPin(digitsRef.current)) return;
    onSubmit(digitsRef.current);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const action = pinPadKey(event);
      if (!action) return;
      // Also keeps Enter on a focused key from pressing that key as well.
      event.preventDefault();
      // While a PIN is being checked the pad is locked, for the keyboard as for the keys.
      if (pendingRef.current) return;
      if (action === 'submit') submitRef.current();
      else dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const count = state.digits.length;

  return (
    <div className="mx-auto grid w-full max-w-xs gap-5" data-slot="pin-pad">
      <div className="grid justify-items-center gap-2">
        <div aria-hidden="true" data-testid="pin-dots" data-count={count} className="flex h-6 items-center gap-3">
          {pinDots(state.digits).map((filled, index) => (
            <span
              key={index}
              className={cn(
                'size-4 rounded-full border-2 border-foreground/70 transition-colors',
                filled ? 'bg-foreground' : 'bg-transparent',
              )}
            />
          ))}
        </div>
        <p role="status" aria-live="polite" className="sr-only">
          {label}: {count} of up to {PIN_MAX_LENGTH} digits entered
        </p>
      </div>

      <div role="group" aria-label={`${label} keypad`} className="grid grid-cols-3 gap-3">
        {DIGIT_ROWS.flat().map((digit) => (
          <PadKey key={digit} onPress={() => dispatch({ type: 'digit', digit })} disabled={pending}>
            {digit}
          </PadKey>
        ))}
        <PadKey onPress={() => dispatch({ type: 'clear' })} disabled={pending || count === 0} className="text-base font-medium">
          Clear
        </PadKey>
        <PadKey onPress={() => dispatch({ type: 'digit', digit: '0' })} disabled={pending}>
          0
        </PadKey>
        <PadKey onPress={() => dispatch({ type: 'backspace' })} disabled={pending || count === 0} ariaLabel="Delete last digit">
          <DeleteIcon aria-hidden="true" className="size-7" />
        </PadKey>
      </div>

      <Button size="lg" className="min-h-14 w-full text-lg" disabled={!ready || pending} onClick={() => submitRef.current()}>
        {pending ? 'Checking...' : submitLabel}
      </Button>
    </div>
  );
}

function PadKey({
  children,
  onPress,
  disabled,
  className,
  ariaLabel,
}: {
  children: ReactNode;
  onPress: () => void;
  disabled?: boolean;
  className?: string;
  ariaLabel?: string;
}) {
  return (
    <Button
      variant="outline"
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={onPress}
      className={cn('h-16 min-w-16 rounded-xl text-2xl font-semibold tabular-nums select-none sm:h-18', className)}
    >
      {children}
    </Button>
  );
}
