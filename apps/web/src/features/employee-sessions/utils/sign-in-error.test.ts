import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formatWait, signInErrorView, WRONG_PIN_MESSAGE } from './sign-in-error';

describe('formatWait', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [45.2, '46 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [300, '5 minutes'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

describe('signInErrorView', () => {
  it('says the same for a wrong PIN, an unknown employee and a malformed PIN', () => {
    const wrong = signInErrorView(new ApiError({ status: 401, code: 'invalid_pin', message: 'whatever the server said' }));
    const malformed = signInErrorView(new ApiError({ status: 400, code: 'validation_error', message: 'pin: The PIN must be 4 to 6 digits' }));
    expect(wrong).toEqual({ kind: 'wrong_pin', title: 'Wrong PIN', message: WRONG_PIN_MESSAGE });
    expect(malformed).toEqual(wrong);
  });

  it('says how long a locked PIN stays locked', () => {
    const view = signInErrorView(new ApiError({ status: 429, code: 'pin_locked', message: 'x', details: { retry_after_seconds: 299 } }));
    expect(view.kind).toBe('locked');
    expect(view.message).toContain('locked for 5 minutes');
  });

  it('tells a rate-limited till when to try again', () => {
    const view = signInErrorView(new ApiError({ status: 429, code: 'rate_limited', message: 'x', details: { retry_after_seconds: 30 } }));
    expect(view).toMatchObject({ kind: 'rate_limited' });
    expect(view.message).toContain('30 seconds');
  });

  it("offers the owner's password past a till's or the business's cap, and says which", () => {
    const till = signInErrorView(new ApiError({ status: 429, code: 'till_locked', message: 'x', details: { retry_after_seconds: 600, step_up: 'owner_password' } }));
    expect(till).toMatchObject({ kind: 'rate_limited', ownerPasswordStepUp: true });
    expect(till.message).toContain('on this till');
    const business = signInErrorView(new ApiError({ status: 429, code: 'rate_limited', message: 'x', details: { step_up: 'owner_password' } }));
    expect(business.message).toContain('at this business');
    const wrong = signInErrorView(new ApiError({ status: 401, code: 'invalid_owner_password', message: "That is not the owner's password." }));
    expect(wrong).toMatchObject({ ownerPasswordStepUp: true, message: "That is not the owner's password." });
    // A plain per-person lock offers no step-up: that person signs in on another till.
    expect(signInErrorView(new ApiError({ status: 429, code: 'pin_locked', message: 'x' })).ownerPasswordStepUp).toBeUndefined();
  });

  it('passes any other failure through with its own message', () => {
    const view = signInErrorView(new ApiError({ status: 0, code: 'network_error', message: 'Could not reach the server.' }));
    expect(view).toEqual({ kind: 'other', title: 'Could not sign in', message: 'Could not reach the server.' });
  });
});
