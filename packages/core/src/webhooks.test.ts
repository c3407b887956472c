import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, nextWebhookAttempt, WEBHOOK_MAX_ATTEMPTS, webhookAnswerDelivered, webhookSignatureHeader, webhookSignedContent } from './webhooks.ts';

const at = new Date('2026-01-01T00:00:00Z');
const minutes = (n: number) => new Date(at.getTime() + n * 60_000);

describe('nextWebhookAttempt: 1 min, 5 min, 30 min, 2 h, 6 h, then failed', () => {
  it.each([
    [1, minutes(1)],
    [2, minutes(5)],
    [3, minutes(30)],
    [4, minutes(120)],
    [5, minutes(360)],
    [6, null],
    [7, null],
  ])('after attempt %i → %s', (attempts, expected) => {
    expect(nextWebhookAttempt(attempts, at)).toEqual(expected);
  });
  it('has six attempts in all and refuses attempt 0', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
    expect(() => nextWebhookAttempt(0, at)).toThrow(RangeError);
  });
});

describe('webhookAnswerDelivered', () => {
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [301, false],
    [400, false],
    [500, false],
    [null, false],
  ])('%s → %s', (status, delivered) => expect(webhookAnswerDelivered(status)).toBe(delivered));
});

describe('the signature (docs/api.md): v1= hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
  it.each([
    ['whsec_example', 1700000000, '{"id":"evt_1","type":"ping"}', 'v1=eaae25b5991efaec55dc7e723a75ba14c5341f4671016686704453ad2e2441e0'],
  ])('secret %s, timestamp %i', (secret, timestamp, body, header) => {
    expect(webhookSignedContent(timestamp, body)).toBe(`${timestamp}.${body}`);
    const hex = createHmac('sha256', secret).update(webhookSignedContent(timestamp, body)).digest('hex');
    expect(webhookSignatureHeader(hex)).toBe(header);
  });
});

describe('checkWebhookUrl (decision 046)', () => {
  it.each([
    ['https://hooks.example.com/till', null],
    ['https://hooks.example.com:8443/till?x=1', null],
    ['http://localhost:4000/hook', null],
    ['http://127.0.0.1:9/hook', null],
    ['http://[::1]:9/hook', null],
    ['http://hooks.example.com/till', 'plain_http'],
    ['ftp://hooks.example.com/till', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://user:pass@hooks.example.com/', 'credentials'],
    ['https://user@hooks.example.com/', 'credentials'],
    ['https://10.0.0.5/hook', 'private_network'],
    ['https://192.168.1.2/hook', 'private_network'],
    ['https://172.20.0.1/hook', 'private_network'],
    ['https://169.254.169.254/latest', 'private_network'],
    ['https://[fd00::1]/hook', 'private_network'],
    ['http://10.0.0.5/hook', 'plain_http'],
    ['hooks.example.com', 'not_a_url'],
    ['', 'not_a_url'],
    [`https://example.com/${'a'.repeat(2000)}`, 'too_long'],
  ])('%s → %s', (url, problem) => expect(checkWebhookUrl(url)).toBe(problem));
});
