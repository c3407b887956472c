/**
 * Outgoing webhooks (issue 20 item 11; decision 046): which events an endpoint may subscribe to,
 * which URLs it may point at, what is signed and when a failed delivery is tried again.
 */
export const WEBHOOK_EVENTS = ['order.created', 'order.refunded', 'stock.low', 'z_report.closed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test" delivers; never subscribed to, always allowed. */
export const WEBHOOK_PING_EVENT = 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'Order created (a sale is paid)',
  'order.refunded': 'Order refunded',
  'stock.low': 'Stock low (a product falls to its low-stock level)',
  'z_report.closed': 'Z report closed',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Each wait after a failed attempt: after the sixth failed attempt the delivery is failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An endpoint whose deliveries have failed without a success for this long is switched off. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;

/**
 * When to try a delivery again after `attempts` attempts (the one that just failed included), or
 * null when it has had all of them.
 */
export function nextWebhookAttempt(attempts: number, failedAt: Date): Date | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError('attempts starts at 1');
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}

/** A 2xx answer is delivered; anything else (or no answer) is tried again. */
export const webhookAnswerDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;

/** The text the signature is made of: `<timestamp>.<body>`, timestamp in whole Unix seconds. */
export const webhookSignedContent = (timestampSeconds: number, body: string) => `${timestampSeconds}.${body}`;
/** The Till-Webhook-Signature header's value for a hex HMAC-SHA256. */
export const webhookSignatureHeader = (hex: string) => `v1=${hex}`;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for localhost, 127.0.0.0/8 and ::1: plain http is allowed there only. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Private, link-local and unspecified address literals (RFC 1918, 169.254/16, fc00::/7, fe80::/10, 0.0.0.0). */
function isPrivateAddressLiteral(hostname: string): boolean {
  const host = hostname.toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (host.startsWith('[')) return /^\[(f[cd]|fe[89ab]|::\]|::ffff:)/.test(host);
  return false;
}

export type WebhookUrlProblem = 'not_a_url' | 'scheme' | 'credentials' | 'plain_http' | 'private_network' | 'too_long';

export const WEBHOOK_URL_PROBLEM_MESSAGES: Record<WebhookUrlProblem, string> = {
  not_a_url: 'Enter a full address, such as https://example.com/hooks/till',
  scheme: 'The address must start with https://',
  credentials: 'Leave the user name and password out of the address; the signature proves who is calling',
  plain_http: 'Use https://; plain http:// is allowed only for localhost',
  private_network: 'That address is on a private network; use a public https:// address or localhost',
  too_long: 'The address is too long (at most 2000 characters)',
};

/**
 * Whether an endpoint may point at `url` (decision 046): https anywhere public; http only to the
 * loopback (a receiver on the same machine, for development and tests); never credentials in the
 * URL, never another scheme, never a private-network address literal (a host name resolving to one
 * is not checked here: the address is looked up at delivery time).
 */
export function checkWebhookUrl(url: string): WebhookUrlProblem | null {
  if (url.length > 2000) return 'too_long';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not_a_url';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'scheme';
  if (!parsed.hostname) return 'not_a_url';
  if (parsed.username || parsed.password) return 'credentials';
  const loopback = isLoopbackHost(parsed.hostname);
  if (parsed.protocol === 'http:' && !loopback) return 'plain_http';
  if (!loopback && isPrivateAddressLiteral(parsed.hostname)) return 'private_network';
  return null;
}
