import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME } from '@till/core';

/** SPEC §2, §9: the sidebar's expanded state, remembered in a cookie for 7 days. */

/** The stored state in a `document.cookie` string: true expanded, false collapsed, null unset. */
export function parseSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== SIDEBAR_COOKIE_NAME) continue;
    const value = part.slice(index + 1).trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    return null;
  }
  return null;
}

/** The assignment to `document.cookie` that remembers `open`. */
export function serializeSidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
