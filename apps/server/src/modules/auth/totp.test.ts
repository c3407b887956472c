import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, totpUri } from './totp.ts';

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890" (Base32 below), last 6 of the 8 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238 test vectors)', () => {
  it.each([
    [59, '287082', 1],
    [1111111109, '081804', 37037036],
    [1234567890, '005924', 41152263],
    [2000000000, '279037', 66666666],
  ])('at %i s the code %s is the one of step %i', async (seconds, code, step) => {
    expect(await matchTotpStep(RFC_SECRET, code, seconds * 1000)).toBe(step);
  });

  it.each([
    ['one step early', 59 + 30, '287082', 1],
    ['one step late', 59 - 30, '287082', 1],
  ])('accepts a code %s (one step either side)', async (_label, seconds, code, step) => {
    expect(await matchTotpStep(RFC_SECRET, code, seconds * 1000)).toBe(step);
  });

  it.each([
    ['two steps late', (59 + 60) * 1000, '287082'],
    ['a wrong code', 59_000, '287083'],
    ['letters', 59_000, 'abcdef'],
    ['too short', 59_000, '28708'],
    ['too long', 59_000, '2870822'],
  ])('refuses %s', async (_label, now, code) => {
    expect(await matchTotpStep(RFC_SECRET, code, now)).toBeNull();
  });

  it('makes 160-bit Base32 secrets and an otpauth URI naming the issuer and account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'Till', 'ann@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain('Till:ann@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Till');
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, hashed the same however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const [code] = codes;
    expect(hashRecoveryCode(code!.toLowerCase().replace(/-/g, ' '))).toBe(hashRecoveryCode(code!));
    expect(hashRecoveryCode(code!)).not.toContain(normalizeRecoveryCode(code!));
  });
});
