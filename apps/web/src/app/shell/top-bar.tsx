import { BotIcon } from 'lucide-react';
import { BackButton } from '@/components/back-button';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import type { UserMenuEntry } from '@till/core';
import { ASSISTANT_PANEL_ID, type AssistantPanelState } from './ai-assistant-panel';
import { LockTillButton } from './lock-till';
import { UserMenu } from './user-menu';

interface TopBarProps {
  title: string;
  showBack: boolean;
  assistant: AssistantPanelState;
  onAssistantToggle: () => void;
  userMenu: UserMenuEntry[];
  userInitial: string | null;
  /** On a paired till with someone signed in: the Lock button (issue 10 item 2). */
  lockable?: boolean;
}

/** SPEC §2 Top bar: the sidebar toggle, the AI Assistant button and the user menu. */
export function TopBar({ title, showBack, assistant, onAssistantToggle, userMenu, userInitial, lockable = false }: TopBarProps) {
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-1 border-b bg-background px-2 sm:gap-2 sm:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mx-1 h-6!" />
      {showBack ? <BackButton className="px-2 sm:px-3" labelClassName="sr-only sm:not-sr-only" /> : null}
      <p className="min-w-0 flex-1 truncate text-sm font-medium">{title}</p>
      <Button
        variant="ghost"
        className="px-2 sm:px-3"
        aria-expanded={assistant !== 'closed'}
        aria-controls={assistant !== 'closed' ? ASSISTANT_PANEL_ID : undefined}
        onClick={onAssistantToggle}
      >
        <BotIcon aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">AI Assistant</span>
      </Button>
      {lockable ? <LockTillButton /> : null}
      <UserMenu entries={userMenu} initial={userInitial} />
    </header>
  );
}
