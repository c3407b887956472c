import { BrandLink } from '@/components/brand';
import { BackButton } from '@/components/back-button';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentAppRoute } from '../route-handle';
import { pageDescription } from './page-descriptions';

/** A page inside the shell whose tools come later: its title and what it will hold. */
export function PlaceholderRoute() {
  const route = useCurrentAppRoute();
  if (!route) return null;
  return <PageHeader title={route.title} description={pageDescription(route.path)} />;
}

/** The same for a public page, which has no shell around it. */
export function PublicPlaceholderRoute() {
  const route = useCurrentAppRoute();
  useDocumentTitle(route?.title);
  if (!route) return null;
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-2xl items-center justify-between gap-4 px-4 pt-6 sm:px-6">
        <BrandLink />
        <BackButton />
      </header>
      <main className="mx-auto grid w-full max-w-2xl flex-1 content-start gap-4 px-4 py-10 sm:px-6">
        <PageHeader title={route.title} description={pageDescription(route.path)} />
      </main>
    </div>
  );
}
