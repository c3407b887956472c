import type { WidgetOptions } from '@till/core';
import { MessageCircleIcon, MinusIcon, MoonIcon, SendIcon, SunIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { canSendChat, isSendKey, type ChatMessage } from '../utils/chat-rules';
import { legibleTextColor, readableTextOn } from '../utils/colors';
import { ChatMessageList } from './chat-messages';

/** SPEC §2: the widget is a closed button, open, or minimized. */
export type ChatWidgetState = 'closed' | 'open' | 'minimized';

const POSITION_CLASSES: Record<WidgetOptions['position'], string> = {
  'bottom-right': 'right-4 bottom-4 items-end',
  'bottom-left': 'left-4 bottom-4 items-start',
  'top-right': 'right-4 top-4 items-end',
  'top-left': 'left-4 top-4 items-start',
};

interface ChatWidgetViewProps {
  options: WidgetOptions;
  state: ChatWidgetState;
  onStateChange: (state: ChatWidgetState) => void;
  messages: ChatMessage[];
  sending: boolean;
  sessionToken: string | null;
  onSend: (text: string) => void;
  onRate?: ((message: ChatMessage, rating: 'up' | 'down') => void) | undefined;
  /** Inside a box (the settings preview) rather than fixed to the window. */
  contained?: boolean;
  businessName?: string | undefined;
}

/** The customer chat widget as it looks: the launcher button or the 80×96 card (SPEC §2). */
export function ChatWidgetView({ options, state, onStateChange, messages, sending, sessionToken, onSend, onRate, contained = false, businessName }: ChatWidgetViewProps) {
  const [dark, setDark] = useState(options.widget_theme === 'dark');
  const onPrimary = readableTextOn(options.primary_color);
  const [draft, setDraft] = useState('');
  const [shownTheme, setShownTheme] = useState(options.widget_theme);
  if (shownTheme !== options.widget_theme) {
    // The owner changed the theme in the preview: follow it.
    setShownTheme(options.widget_theme);
    setDark(options.widget_theme === 'dark');
  }
  const sendable = canSendChat({ text: draft, sending, sessionToken, needsToken: true });
  const send = () => {
    if (!sendable) return;
    onSend(draft.trim());
    setDraft('');
  };
  const title = businessName ? `Chat with ${businessName}` : 'Chat with us';

  return (
    <div className={cn(contained ? 'absolute' : 'fixed', 'z-50 flex flex-col gap-2', POSITION_CLASSES[options.position])} data-widget-state={state}>
      {state === 'closed' ? (
        <button
          type="button"
          aria-label="Open chat"
          onClick={() => onStateChange('open')}
          className="flex size-14 items-center justify-center rounded-full text-white shadow-lg ring-2 ring-white/60 transition hover:scale-105 focus-visible:ring-4 focus-visible:outline-none"
          style={{ backgroundColor: options.primary_color }}
        >
          <MessageCircleIcon aria-hidden="true" className="size-6" />
        </button>
      ) : (
        <section
          aria-label={title}
          className={cn(
            'flex w-80 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl border shadow-xl',
            state === 'open' ? 'h-96 max-h-[calc(100dvh-2rem)]' : 'h-auto',
            dark ? 'dark-widget border-slate-700 bg-slate-900 text-slate-100' : 'border-slate-200 bg-white text-slate-900',
          )}
          data-theme={dark ? 'dark' : 'light'}
        >
          <header className="flex items-center gap-1 py-1 pr-1 pl-3" style={{ backgroundColor: options.primary_color, color: onPrimary }}>
            <MessageCircleIcon aria-hidden="true" className="size-4 shrink-0" />
            <h2 className="flex-1 truncate text-sm font-semibold">{title}</h2>
            <HeaderButton label={dark ? 'Switch to light theme' : 'Switch to dark theme'} onClick={() => setDark((value) => !value)}>
              {dark ? <SunIcon aria-hidden="true" className="size-4" /> : <MoonIcon aria-hidden="true" className="size-4" />}
            </HeaderButton>
            {state === 'open' ? (
              <HeaderButton label="Minimize chat" onClick={() => onStateChange('minimized')}>
                <MinusIcon aria-hidden="true" className="size-4" />
              </HeaderButton>
            ) : (
              <button type="button" onClick={() => onStateChange('open')} className="rounded px-2 py-1 text-xs font-medium hover:bg-white/20">
                Restore
              </button>
            )}
            <HeaderButton label="Close chat" onClick={() => onStateChange('closed')}>
              <XIcon aria-hidden="true" className="size-4" />
            </HeaderButton>
          </header>
          {state === 'open' ? (
            <>
              <ChatMessageList messages={messages} sending={sending} dark={dark} primaryColor={options.primary_color} onRate={onRate} />
              <form
                className={cn('flex items-end gap-2 border-t p-2', dark ? 'border-slate-700' : 'border-slate-200')}
                onSubmit={(event) => {
                  event.preventDefault();
                  send();
                }}
              >
                <label className="sr-only" htmlFor="chat-widget-input">
                  Your message
                </label>
                <textarea
                  id="chat-widget-input"
                  rows={1}
                  value={draft}
                  disabled={sending}
                  placeholder={sessionToken ? 'Type your message...' : 'Connecting...'}
                  maxLength={4000}
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={(event) => {
                    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
                      event.preventDefault();
                      send();
                    }
                  }}
                  className={cn(
                    'max-h-24 min-h-9 flex-1 resize-none rounded-md border px-3 py-2 text-sm outline-none focus-visible:ring-2 disabled:opacity-60',
                    dark ? 'border-slate-600 bg-slate-800 text-slate-100 placeholder:text-slate-400' : 'border-slate-300 bg-white placeholder:text-slate-500',
                  )}
                />
                <button
                  type="submit"
                  aria-label="Send message"
                  disabled={!sendable}
                  className="flex size-9 shrink-0 items-center justify-center rounded-md disabled:opacity-50"
                  style={{ backgroundColor: options.primary_color, color: onPrimary }}
                >
                  <SendIcon aria-hidden="true" className="size-4" />
                </button>
              </form>
              {options.show_branding ? (
                <p className={cn('pb-1 text-center text-[11px]', dark ? 'text-slate-400' : 'text-slate-500')} style={{ color: dark ? undefined : legibleTextColor(options.secondary_color, '#ffffff', '#64748b') }}>
                  Powered by Till
                </p>
              ) : null}
            </>
          ) : null}
        </section>
      )}
    </div>
  );
}

function HeaderButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className="flex size-8 items-center justify-center rounded hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
      {children}
    </button>
  );
}
