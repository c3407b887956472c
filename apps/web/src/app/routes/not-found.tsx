import { Link } from 'react-router';
import { BrandLink } from '@/components/brand';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-md items-center px-4 pt-6 sm:px-0">
        <BrandLink />
      </header>
      <main className="mx-auto grid w-full max-w-md flex-1 content-center justify-items-start gap-4 px-4 pb-24 sm:px-0">
        <p className="text-sm font-medium text-muted-foreground">404</p>
        <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
        <p className="text-muted-foreground">The address may be mistyped, or the page may have moved.</p>
        <Link to={paths.home} className={buttonVariants({ variant: 'default' })}>
          Go to the home page
        </Link>
      </main>
    </div>
  );
}
