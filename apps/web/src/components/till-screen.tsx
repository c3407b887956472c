import type { ReactNode } from 'react';
import { BackButton } from '@/components/back-button';
import { BrandLink } from '@/components/brand';

/** A public page with the business's name on top, sized for a till's screen. */
export function TillScreen({ title, intro, businessName, children }: { title: string; intro: ReactNode; businessName: string | null; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between gap-4 px-4 pt-6 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <BrandLink />
          {businessName ? <span className="truncate text-sm text-muted-foreground">{businessName}</span> : null}
        </div>
        <BackButton />
      </header>
      <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{intro}</p>
        </div>
        {children}
      </main>
    </div>
  );
}

