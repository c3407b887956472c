import { ANALYTICS_TABS, isAnalyticsTab } from '@till/core';

/**
 * Whether a sidebar link points at the page on screen. Links may carry a query (the analytics
 * tabs): then the query must match too, with a missing or unknown tab counting as the first.
 */
export function isNavItemActive(to: string, location: { pathname: string; search: string }): boolean {
  const [path = '', query = ''] = to.split('?', 2);
  const normalize = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') : value);
  if (normalize(path) !== normalize(location.pathname)) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  const current = new URLSearchParams(location.search);
  for (const [key, value] of wanted) {
    let actual = current.get(key);
    if (path === '/analytics' && key === 'tab' && !isAnalyticsTab(actual)) actual = ANALYTICS_TABS[0];
    if (actual !== value) return false;
  }
  return true;
}
