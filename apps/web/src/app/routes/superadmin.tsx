import { APP_ROUTES } from '@till/core';
import { ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { UsersSection } from '@/features/super-admin-users/components/users-section';
import { pageDescription } from './page-descriptions';

const SUPER_ADMIN_PAGES = APP_ROUTES.filter((route) => route.kind === 'super-admin' && route.path !== '/superadmin');

/** /superadmin: its own line, the way to each super-admin page, and the platform's users (decision 067). */
export function SuperAdminRoute() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Super Admin" description={pageDescription('/superadmin')} />
      <ul className="grid gap-2 sm:grid-cols-2">
        {SUPER_ADMIN_PAGES.map((route) => (
          <li key={route.path}>
            <Link
              to={route.path}
              className="flex min-h-11 items-center justify-between gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {route.title}
              <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
      <UsersSection />
    </div>
  );
}
