import { describe, expect, it } from 'vitest';
import { emailDomain, normalizeSsoDomain, ssoDomainRecord, ssoProviderMaySignIn } from './sso-domains.ts';

describe('normalizeSsoDomain', () => {
  it.each([
    ['shop.example', 'shop.example'],
    ['  Shop.Example. ', 'shop.example'],
    ['@shop.example', 'shop.example'],
    ['mail.shop-2.co.uk', 'mail.shop-2.co.uk'],
    ['localhost', null],
    ['shop', null],
    ['-shop.example', null],
    ['shop-.example', null],
    ['shop..example', null],
    ['shop.example/path', null],
    ['sh op.example', null],
    ['127.0.0.1', null],
    ['', null],
    [`${'a'.repeat(64)}.example`, null],
  ])('%j → %j', (text, expected) => {
    expect(normalizeSsoDomain(text)).toBe(expected);
  });
});

describe('emailDomain and ssoProviderMaySignIn', () => {
  it.each([
    ['ana@shop.example', ['shop.example'], 'shop.example', true],
    ['Ana@SHOP.example', ['shop.example'], 'shop.example', true],
    ['ana@eu.shop.example', ['shop.example'], 'eu.shop.example', false],
    ['ana@shop.example.evil', ['shop.example'], 'shop.example.evil', false],
    ['ana@other.example', ['shop.example', 'shop.test'], 'other.example', false],
    ['"a@shop.example"@evil.example', ['shop.example'], 'evil.example', false],
    ['no-at-sign', ['shop.example'], null, false],
    ['@shop.example', ['shop.example'], null, false],
  ])('%j with %j: domain %j, may sign in %j', (email, domains, domain, may) => {
    expect(emailDomain(email)).toBe(domain);
    expect(ssoProviderMaySignIn(domains, email)).toBe(may);
  });
});

describe('ssoDomainRecord', () => {
  it('names the record under the domain and carries the token', () => {
    expect(ssoDomainRecord('shop.example', 'abc')).toEqual({ name: '_till-sso.shop.example', value: 'till-sso=abc' });
  });
});
