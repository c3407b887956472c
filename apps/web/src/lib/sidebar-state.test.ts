import { SIDEBAR_COOKIE_MAX_AGE_SECONDS } from '@till/core';
import { describe, expect, it } from 'vitest';
import { parseSidebarCookie, serializeSidebarCookie } from './sidebar-state';

describe('sidebar_state cookie (SPEC §2, §9)', () => {
  it('round-trips both states', () => {
    for (const open of [true, false]) {
      const assignment = serializeSidebarCookie(open);
      const pair = assignment.split(';')[0] ?? '';
      expect(parseSidebarCookie(`theme=dark; ${pair}; other=1`)).toBe(open);
    }
  });

  it('lasts 7 days on the whole site', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    expect(serializeSidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('is unset when absent or unreadable, and ignores look-alike names', () => {
    expect(parseSidebarCookie('')).toBeNull();
    expect(parseSidebarCookie('a=1; b=2')).toBeNull();
    expect(parseSidebarCookie('sidebar_state=maybe')).toBeNull();
    expect(parseSidebarCookie('my_sidebar_state=false')).toBeNull();
    expect(parseSidebarCookie('sidebar_state_old=false; sidebar_state=true')).toBe(true);
    expect(parseSidebarCookie('  sidebar_state = false ')).toBe(false);
  });
});
