import Markdown, { type Components } from 'react-markdown';
import type { HelpArticle } from '../utils/help-articles';

// Articles are our own markdown; react-markdown renders it as React elements (no raw HTML), styled here.
const components: Components = {
  // The article's title is the page's second level: its sections are one below.
  h2: ({ children }) => <h3 className="mt-6 text-lg font-semibold">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-4 font-semibold">{children}</h4>,
  p: ({ children }) => <p className="leading-7">{children}</p>,
  ul: ({ children }) => <ul className="grid list-disc gap-1 pl-6 leading-7">{children}</ul>,
  ol: ({ children }) => <ol className="grid list-decimal gap-1 pl-6 leading-7">{children}</ol>,
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-sm">{children}</code>,
  a: ({ children, href }) => (
    <a href={href} className="underline underline-offset-4">
      {children}
    </a>
  ),
};

/** One article, its title as the heading. */
export function ArticleView({ article }: { article: HelpArticle }) {
  return (
    <article aria-labelledby={`article-${article.slug}`} className="grid max-w-3xl gap-3">
      <h2 id={`article-${article.slug}`} className="text-2xl font-semibold tracking-tight">
        {article.title}
      </h2>
      <Markdown components={components} skipHtml>
        {article.body}
      </Markdown>
    </article>
  );
}
