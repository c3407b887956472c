import { parseArticle, type HelpArticle } from './help-articles';

// The articles are markdown files kept in the repository, bundled with the app as text.
const files = import.meta.glob<string>('../articles/*.md', { query: '?raw', import: 'default', eager: true });

/** Every Help Center article, in the order of their file names. */
export const HELP_ARTICLES: readonly HelpArticle[] = Object.keys(files)
  .sort()
  .map((name) => parseArticle(name, files[name]!));
