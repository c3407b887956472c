/** A Help Center article: a markdown file in this feature's articles folder. */
export interface HelpArticle {
  /** From the file name without its order prefix: "03-refunds.md" → "refunds". */
  slug: string;
  title: string;
  /** The first paragraph under the title. */
  summary: string;
  /** The markdown after the title. */
  body: string;
}

/** Reads an article file: its first line is "# Title", the paragraph after it the summary. */
export function parseArticle(fileName: string, text: string): HelpArticle {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1).replace(/\.md$/, '');
  const slug = base.replace(/^\d+-/, '');
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const titleIndex = lines.findIndex((line) => line.startsWith('# '));
  const title = titleIndex >= 0 ? lines[titleIndex]!.slice(2).trim() : slug;
  const body = lines
    .slice(titleIndex + 1)
    .join('\n')
    .trim();
  const summary = body.split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  return { slug, title, summary, body };
}

/** Lower case without accents or markdown punctuation, so "Café **refund**" matches "cafe refund". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[*_`#>[\]()]/g, ' ');
}

/**
 * The articles that hold every word of the query, best first: words in the title count most,
 * then the summary, then how often they appear in the text. An empty query returns them all in order.
 */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  const scored = articles.flatMap((article, order) => {
    const title = normalizeForSearch(article.title);
    const summary = normalizeForSearch(article.summary);
    const body = normalizeForSearch(article.body);
    let score = 0;
    for (const word of words) {
      const inBody = body.split(word).length - 1;
      if (!title.includes(word) && inBody === 0) return [];
      score += (title.includes(word) ? 100 : 0) + (summary.includes(word) ? 10 : 0) + Math.min(inBody, 10);
    }
    return [{ article, score, order }];
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((entry) => entry.article);
}
