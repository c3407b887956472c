import { CHAT_MESSAGES, routeChatMessage } from '@till/core';
import { SendIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { sendChatCompletion, sendCodeAssistant, startAssistantChatSession } from '../api/chatbot';
import {
  canSendChat,
  CHAT_TOKEN_KEYS,
  codeAssistantReply,
  completionText,
  isExpiredSession,
  isSendKey,
  panelAccessMessage,
  panelErrorMessage,
  type ChatMessage,
} from '../utils/chat-rules';
import { ChatMessageList } from './chat-messages';

const GREETING = 'Hi! Ask me about your orders, sales and products, or about your code and database.';
const ERROR_TITLE = 'AI Assistant Error';

let nextId = 0;
const message = (role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `a${++nextId}`,
  role,
  content,
  timestamp: new Date().toISOString(),
  ...extra,
});

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(CHAT_TOKEN_KEYS.assistant, token);
    else localStorage.removeItem(CHAT_TOKEN_KEYS.assistant);
  } catch {
    // Private mode: the token lives in memory only.
  }
}

type Access = { status: 'checking' } | { status: 'allowed' } | { status: 'denied'; message: string };

/**
 * The chat of the top-bar assistant panel (SPEC §2, §5, §7, §8): the owner's account only;
 * code and database words go to the code assistant, anything else to completion.
 */
export function AssistantChat({ signedIn }: { signedIn: boolean }) {
  const [access, setAccess] = useState<Access>({ status: 'checking' });
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message('assistant', GREETING)]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const token = useRef<string | null>(null);

  const deny = useCallback((text: string) => {
    token.current = null;
    storeToken(null);
    setAccess({ status: 'denied', message: text });
    toast.error(text);
  }, []);

  /** A new session of the panel, for this account; a refusal is shown as SPEC §5 says. */
  const begin = useCallback(async (): Promise<string | null> => {
    try {
      const started = await startAssistantChatSession();
      token.current = started.session_token;
      storeToken(started.session_token);
      setAccess({ status: 'allowed' });
      return started.session_token;
    } catch (error) {
      const denied = panelAccessMessage(error);
      if (denied) deny(denied);
      else {
        setAccess({ status: 'allowed' });
        toast.error(ERROR_TITLE, { description: panelErrorMessage(error) });
      }
      return null;
    }
  }, [deny]);

  useEffect(() => {
    if (!signedIn) {
      deny(CHAT_MESSAGES.authenticationRequired);
      return;
    }
    void begin();
  }, [begin, deny, signedIn]);

  const ask = async (sessionToken: string, text: string) => {
    if (routeChatMessage(text) === 'completion') {
      return message('assistant', completionText(await sendChatCompletion(sessionToken, text), CHAT_MESSAGES.noResponse));
    }
    const sql = /^\s*select\b/i.test(text);
    const answer = await sendCodeAssistant(
      sql ? { sessionToken, action: 'query_database', payload: { sql: text } } : { sessionToken, action: 'message', payload: { message: text } },
    );
    const reply = codeAssistantReply(answer);
    return message('assistant', reply.content, { queryResult: reply.queryResult, failed: reply.failed });
  };

  const send = async () => {
    const text = draft.trim();
    if (!canSendChat({ text, sending, sessionToken: token.current, needsToken: false }) || access.status !== 'allowed') return;
    setDraft('');
    setMessages((list) => [...list, message('user', text)]);
    setSending(true);
    try {
      let sessionToken = token.current ?? (await begin());
      if (!sessionToken) return;
      let reply;
      try {
        reply = await ask(sessionToken, text);
      } catch (error) {
        // SPEC §8: session expired, the next message starts a new session.
        if (!isExpiredSession(error)) throw error;
        sessionToken = await begin();
        if (!sessionToken) {
          deny(CHAT_MESSAGES.sessionExpired);
          return;
        }
        reply = await ask(sessionToken, text);
      }
      setMessages((list) => [...list, reply]);
    } catch (error) {
      const denied = panelAccessMessage(error);
      if (denied) {
        deny(denied);
        return;
      }
      const text = panelErrorMessage(error);
      setMessages((list) => [...list, message('assistant', text, { failed: true })]);
      toast.error(ERROR_TITLE, { description: text });
    } finally {
      setSending(false);
    }
  };

  if (access.status === 'denied') {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <Badge variant="destructive" className="text-sm font-bold tracking-wide">
          ACCESS DENIED
        </Badge>
        <p className="max-w-xs text-sm text-muted-foreground">{access.message}</p>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ChatMessageList messages={messages} sending={sending} dark={false} />
      <form
        className="flex items-end gap-2 border-t p-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="sr-only" htmlFor="ai-assistant-input">
          Ask the AI Assistant
        </label>
        <Textarea
          id="ai-assistant-input"
          rows={1}
          value={draft}
          maxLength={4000}
          disabled={sending || access.status === 'checking'}
          placeholder="Ask about your orders, sales or data..."
          className="max-h-28 min-h-9 resize-none"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!draft.trim() || sending || access.status !== 'allowed'}>
          <SendIcon aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}
