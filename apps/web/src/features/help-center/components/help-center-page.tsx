import { ArrowLeftIcon, BookOpenIcon, KeyboardIcon, MessageCircleIcon, SearchIcon } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Input } from '@/components/ui/input';
import { Kbd } from '@/components/ui/kbd';
import { HELP_ARTICLES } from '../utils/articles';
import { searchArticles } from '../utils/help-articles';
import { ArticleView } from './article-view';
import { ContactForm } from './contact-form';

export interface ShortcutGroup {
  title: string;
  /** Where the keys work. */
  where: string;
  shortcuts: { keys: string[]; label: string }[];
}

function ShortcutTable({ groups }: { groups: readonly ShortcutGroup[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups.map((group) => (
        <div key={group.title} className="rounded-lg border p-4">
          <h3 className="font-semibold">{group.title}</h3>
          <p className="text-sm text-muted-foreground">{group.where}</p>
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">{group.title} shortcuts</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">What they do</th>
              </tr>
            </thead>
            <tbody>
              {group.shortcuts.map((shortcut) => (
                <tr key={shortcut.label} className="border-t first:border-t-0">
                  <td className="py-1.5 pr-3 align-top whitespace-nowrap">
                    {shortcut.keys.map((key, index) => (
                      <span key={key}>
                        {index > 0 ? <span className="px-1 text-muted-foreground">or</span> : null}
                        <Kbd>{key}</Kbd>
                      </span>
                    ))}
                  </td>
                  <td className="py-1.5">{shortcut.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

/**
 * /help-center: searchable articles kept as markdown in the repository, the keyboard shortcuts
 * (given by the app, which reads them from the features that own them) and a contact form that
 * reaches the super admins.
 */
export function HelpCenterPage({ shortcutGroups }: { shortcutGroups: readonly ShortcutGroup[] }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = params.get('q') ?? '';
  const slug = params.get('article');
  const article = slug ? HELP_ARTICLES.find((candidate) => candidate.slug === slug) : undefined;
  const found = searchArticles(HELP_ARTICLES, query);
  const setQuery = (text: string) => void navigate({ search: text ? `?q=${encodeURIComponent(text)}` : '' }, { replace: true });

  return (
    <div className="grid gap-8">
      <PageHeader title="Help Center" description="How Till works, its keyboard shortcuts, and a way to reach us." />

      <form role="search" className="relative max-w-xl" onSubmit={(event) => event.preventDefault()}>
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search the help articles"
          placeholder="Search: refund, PIN, stock, park a sale…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-9"
        />
      </form>

      {article ? (
        <div className="grid gap-4">
          <Link to={query ? `?q=${encodeURIComponent(query)}` : '.'} className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm underline-offset-4 hover:underline">
            <ArrowLeftIcon aria-hidden="true" className="size-4" />
            All articles
          </Link>
          <ArticleView article={article} />
        </div>
      ) : (
        <section aria-labelledby="help-articles" className="grid gap-3">
          <h2 id="help-articles" className="flex items-center gap-2 text-lg font-semibold">
            <BookOpenIcon aria-hidden="true" className="size-5" />
            {query ? `Articles matching “${query}”` : 'Articles'}
          </h2>
          {slug ? <p role="alert">There is no article called “{slug}”.</p> : null}
          {found.length === 0 ? (
            <p role="status">No article matches “{query}”. Try other words, or write to us below.</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {found.map((entry) => (
                <li key={entry.slug}>
                  <Link
                    to={`?${new URLSearchParams({ ...(query ? { q: query } : {}), article: entry.slug }).toString()}`}
                    className="grid h-full content-start gap-1 rounded-lg border p-4 outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="font-semibold">{entry.title}</span>
                    <span className="text-sm text-muted-foreground">{entry.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-labelledby="help-shortcuts" className="grid gap-3">
        <h2 id="help-shortcuts" className="flex items-center gap-2 text-lg font-semibold">
          <KeyboardIcon aria-hidden="true" className="size-5" />
          Keyboard shortcuts
        </h2>
        <ShortcutTable groups={shortcutGroups} />
      </section>

      <section aria-labelledby="help-contact" className="grid gap-3">
        <h2 id="help-contact" className="flex items-center gap-2 text-lg font-semibold">
          <MessageCircleIcon aria-hidden="true" className="size-5" />
          Contact us
        </h2>
        <p className="max-w-2xl text-muted-foreground">Did not find the answer? Write to the people who run Till; we answer by e-mail.</p>
        <ContactForm />
      </section>
    </div>
  );
}
