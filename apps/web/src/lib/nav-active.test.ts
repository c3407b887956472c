import { describe, expect, it } from 'vitest';
import { isNavItemActive } from './nav-active';

describe('isNavItemActive', () => {
  it('matches a plain path, ignoring a trailing slash and the query', () => {
    expect(isNavItemActive('/orders', { pathname: '/orders', search: '' })).toBe(true);
    expect(isNavItemActive('/orders', { pathname: '/orders/', search: '?page=2' })).toBe(true);
    expect(isNavItemActive('/orders', { pathname: '/order', search: '' })).toBe(false);
  });

  it('matches an analytics tab, a missing or unknown tab counting as sales', () => {
    expect(isNavItemActive('/analytics?tab=inventory', { pathname: '/analytics', search: '?tab=inventory' })).toBe(true);
    expect(isNavItemActive('/analytics?tab=sales', { pathname: '/analytics', search: '?tab=inventory' })).toBe(false);
    expect(isNavItemActive('/analytics?tab=sales', { pathname: '/analytics', search: '' })).toBe(true);
    expect(isNavItemActive('/analytics?tab=sales', { pathname: '/analytics', search: '?tab=bogus' })).toBe(true);
  });
});
