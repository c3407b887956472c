import { errorMessage, isApiError } from '@/lib/api-client';

/** One text for every wrong PIN, whether the PIN, the employee or their missing PIN was the cause. */
export const WRONG_PIN_MESSAGE = 'That PIN is not right. Try again.';

export type SignInErrorKind = 'wrong_pin' | 'locked' | 'rate_limited' | 'other';

export interface SignInErrorView {
  kind: SignInErrorKind;
  title: string;
  message: string;
  /** The right PIN still gets through with the owner's password typed here (issue 9 item 8). */
  ownerPasswordStepUp?: boolean;
}

/** "45 seconds", "1 minute", "5 minutes": how long to wait, rounded up to what a person reads. */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} second${whole === 1 ? '' : 's'}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function retryAfterSeconds(details: Record<string, unknown>): number | null {
  const value = details['retry_after_seconds'];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** What the PIN screen says for a failed sign-in (server answers of POST /api/employee-sessions). */
export function signInErrorView(error: unknown): SignInErrorView {
  if (isApiError(error)) {
    if (error.code === 'invalid_pin' || (error.status === 400 && error.code === 'validation_error')) {
      return { kind: 'wrong_pin', title: 'Wrong PIN', message: WRONG_PIN_MESSAGE };
    }
    if (error.status === 429 && error.code === 'pin_locked') {
      const wait = retryAfterSeconds(error.details);
      return {
        kind: 'locked',
        title: 'PIN sign-in locked',
        message: `Too many wrong PINs. Sign-in is locked${wait ? ` for ${formatWait(wait)}` : ' for a few minutes'}. Ask a manager if you forgot your PIN.`,
      };
    }
    if (error.status === 429) {
      const wait = retryAfterSeconds(error.details);
      const stepUp = error.details['step_up'] === 'owner_password';
      const where = error.code === 'till_locked' ? 'on this till' : 'at this business';
      return {
        kind: 'rate_limited',
        title: 'Too many attempts',
        message: stepUp
          ? `Too many PIN attempts ${where}. The owner's password lets the right PIN through now; otherwise try again in ${wait ? formatWait(wait) : 'a while'}.`
          : `Too many PIN attempts on this till. Try again in ${wait ? formatWait(wait) : 'a while'}.`,
        ...(stepUp ? { ownerPasswordStepUp: true } : {}),
      };
    }
    if (error.code === 'invalid_owner_password') {
      return { kind: 'rate_limited', title: "Not the owner's password", message: error.message, ownerPasswordStepUp: true };
    }
  }
  return { kind: 'other', title: 'Could not sign in', message: errorMessage(error) };
}
