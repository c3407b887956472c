import type { ReactNode } from 'react';
import { BrandLink } from '@/components/brand';

interface AppShellProps {
  businessName: string | null;
  actions: ReactNode;
  children: ReactNode;
}

/** The frame of signed-in pages: product and business on the left, account actions on the right. */
export function AppShell({ businessName, actions, children }: AppShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <BrandLink />
            {businessName ? (
              <>
                <span aria-hidden="true" className="text-muted-foreground">
                  /
                </span>
                <span className="truncate text-sm font-medium">{businessName}</span>
              </>
            ) : null}
          </div>
          <div className="flex shrink-0 items-center gap-2">{actions}</div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
