import { BotIcon, MinusIcon, XIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** SPEC §2: the top-bar assistant panel is open, closed or minimized. */
export type AssistantPanelState = 'open' | 'closed' | 'minimized';

export const ASSISTANT_PANEL_ID = 'ai-assistant-panel';

// Its own chunk, loaded when the panel is first opened: the till's bundle does not carry it.
const AssistantChat = lazy(() => import('@/features/chatbot/components/assistant-chat').then((module) => ({ default: module.AssistantChat })));

interface AiAssistantPanelProps {
  state: AssistantPanelState;
  onStateChange: (state: AssistantPanelState) => void;
  /** An account is signed in (SPEC §5: otherwise "Authentication Required"). */
  signedIn: boolean;
}

/** The assistant panel, 500px tall (SPEC §2): open, minimized (the chat is kept) or closed. */
export function AiAssistantPanel({ state, onStateChange, signedIn }: AiAssistantPanelProps) {
  if (state === 'closed') return null;
  const minimized = state === 'minimized';
  return (
    <section
      id={ASSISTANT_PANEL_ID}
      aria-label="AI Assistant"
      data-state={state}
      className={cn(
        'fixed right-4 bottom-4 z-40 flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-lg',
        minimized ? 'h-auto' : 'h-[500px] max-h-[calc(100dvh-5rem)]',
      )}
    >
      <header className="flex items-center gap-2 border-b py-1 pr-1 pl-4">
        <BotIcon aria-hidden="true" className="size-4" />
        <h2 className="flex-1 text-sm font-semibold">AI Assistant</h2>
        {minimized ? (
          <Button variant="ghost" onClick={() => onStateChange('open')}>
            Restore
          </Button>
        ) : (
          <Button variant="ghost" size="icon" aria-label="Minimize AI Assistant" onClick={() => onStateChange('minimized')}>
            <MinusIcon aria-hidden="true" />
          </Button>
        )}
        <Button variant="ghost" size="icon" aria-label="Close AI Assistant" onClick={() => onStateChange('closed')}>
          <XIcon aria-hidden="true" />
        </Button>
      </header>
      <div className={cn('flex min-h-0 flex-1 flex-col', minimized && 'hidden')}>
        <Suspense
          fallback={
            <p role="status" className="p-6 text-center text-sm text-muted-foreground">
              Loading...
            </p>
          }
        >
          <AssistantChat signedIn={signedIn} />
        </Suspense>
      </div>
    </section>
  );
}
