/**
 * Whether a browser request comes from a page of another site (CSRF guard for the API and the
 * realtime socket). The host a page was served from is `Host`; `X-Forwarded-Host` is believed only
 * when TRUST_PROXY says a reverse proxy sets it, otherwise any client could name the Origin's host
 * there and pass the check.
 */
export function isCrossOrigin(headers: Headers, trustProxy: boolean): boolean {
  const origin = headers.get('origin');
  if (!origin) return false;
  const forwarded = trustProxy ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = forwarded || headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
