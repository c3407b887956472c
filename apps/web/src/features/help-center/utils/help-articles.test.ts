import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from './articles';
import { parseArticle, searchArticles } from './help-articles';

describe('help center articles', () => {
  it('loads the articles kept in the repository, each with a title and a summary', () => {
    expect(HELP_ARTICLES.map((article) => article.slug)).toEqual(['getting-started', 'the-till', 'refunds', 'closing-the-day', 'stock', 'staff']);
    for (const article of HELP_ARTICLES) {
      expect(article.title.length).toBeGreaterThan(3);
      expect(article.summary.length).toBeGreaterThan(20);
      expect(article.body).not.toMatch(/^# /m);
    }
  });

  it('parses a title, a summary and a slug without the order prefix', () => {
    expect(parseArticle('../articles/07-cash.md', '# Cash\n\nCounting the\ndrawer.\n\n## Steps\n\nOne.')).toEqual({
      slug: 'cash',
      title: 'Cash',
      summary: 'Counting the drawer.',
      body: 'Counting the\ndrawer.\n\n## Steps\n\nOne.',
    });
  });

  it('finds articles holding every word, title matches first, ignoring case, accents and markdown', () => {
    expect(searchArticles(HELP_ARTICLES, '').map((article) => article.slug)).toHaveLength(6);
    expect(searchArticles(HELP_ARTICLES, 'REFUND')[0]!.slug).toBe('refunds');
    expect(searchArticles(HELP_ARTICLES, 'restock refund').map((article) => article.slug)).toContain('refunds');
    expect(searchArticles(HELP_ARTICLES, 'pin').map((article) => article.slug)).toEqual(expect.arrayContaining(['staff', 'the-till', 'getting-started']));
    expect(searchArticles(HELP_ARTICLES, 'pàrk')[0]!.slug).toBe('the-till');
    expect(searchArticles(HELP_ARTICLES, 'zebra')).toEqual([]);
  });
});
