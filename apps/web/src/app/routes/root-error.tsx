import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Last resort for errors thrown while rendering a route. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  if (import.meta.env.DEV) console.error(error);

  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-md content-center justify-items-start gap-4 px-4">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page could not be shown. Reload to try again; if it keeps happening, go back to the home page.
      </p>
      {detail ? <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">{detail}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
          Home page
        </Link>
      </div>
    </main>
  );
}
