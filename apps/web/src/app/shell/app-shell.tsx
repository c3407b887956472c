import type { AppRoute } from '@till/core';
import { useState, type ReactNode } from 'react';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { parseSidebarCookie } from '@/lib/sidebar-state';
import { AiAssistantPanel, type AssistantPanelState } from './ai-assistant-panel';
import { AppSidebar } from './app-sidebar';
import { TopBar } from './top-bar';
import { useShellModel } from './use-shell-model';

function initialOf(text: string | null | undefined): string | null {
  const first = text?.trim()[0];
  return first ? first.toUpperCase() : null;
}

/** The app shell of SPEC §2: sidebar, top bar, the page, and the assistant panel. */
export function AppShell({ route, children }: { route: AppRoute; children: ReactNode }) {
  const model = useShellModel();
  // Read once: the cookie only changes through this shell afterwards.
  const [defaultOpen] = useState(() => parseSidebarCookie(document.cookie) ?? true);
  const [assistant, setAssistant] = useState<AssistantPanelState>('closed');
  const user = model.me?.user;
  const initial = model.employeeSession
    ? initialOf(model.employeeSession.employee_name)
    : initialOf(user?.name || user?.email || user?.phone_number);

  return (
    <SidebarProvider defaultOpen={defaultOpen}>
      <AppSidebar groups={model.sidebar} businessName={model.businessName} />
      <SidebarInset>
        <TopBar
          title={model.businessName ?? 'Till'}
          showBack={route.path !== '/dashboard'}
          assistant={assistant}
          onAssistantToggle={() => setAssistant((current) => (current === 'open' ? 'closed' : 'open'))}
          userMenu={model.userMenu}
          userInitial={initial}
          lockable={Boolean(model.me?.till && model.employeeSession)}
        />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
      </SidebarInset>
      <AiAssistantPanel state={assistant} onStateChange={setAssistant} signedIn={Boolean(model.me?.user || model.employeeSession)} />
    </SidebarProvider>
  );
}
