import { CHAT_MESSAGES, type WidgetOptions } from '@till/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { rateChatAnswer, sendChatCompletion, startCustomerChatSession, type ChatSessionStart } from '../api/chatbot';
import { CHAT_TOKEN_KEYS, completionText, isExpiredSession, widgetErrorMessage, type ChatMessage } from '../utils/chat-rules';
import { ChatWidgetView, type ChatWidgetState } from './chat-widget-view';

interface StoredSession {
  session_token: string;
  expires_at: string;
  options: WidgetOptions;
}

function readStoredSession(key: string): StoredSession | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null;
    if (!stored?.session_token || !stored.options || Date.parse(stored.expires_at) <= Date.now()) return null;
    return stored;
  } catch {
    return null;
  }
}

function storeSession(key: string, session: ChatSessionStart): StoredSession {
  const stored = { session_token: session.session_token, expires_at: session.expires_at, options: session.options };
  try {
    localStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // Private mode: the session lasts as long as the page.
  }
  return stored;
}

let nextId = 0;
const newMessage = (role: ChatMessage['role'], content: string, failed = false): ChatMessage => ({
  id: `m${++nextId}`,
  role,
  content,
  timestamp: new Date().toISOString(),
  failed,
});

type Load = { status: 'loading' } | { status: 'ready'; session: StoredSession } | { status: 'missing' } | { status: 'failed' };

/** The customer chat widget of one chatbot with its session (SPEC §2, §3, §4, §5, §8). */
function ChatWidget({ chatbotId, embedded }: { chatbotId: string; embedded: boolean }) {
  const storageKey = CHAT_TOKEN_KEYS.customer(chatbotId);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [state, setState] = useState<ChatWidgetState>('closed');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sending, setSending] = useState(false);
  const session = useRef<StoredSession | null>(null);

  const begin = useCallback(async () => {
    const started = storeSession(storageKey, await startCustomerChatSession(chatbotId));
    session.current = started;
    return started;
  }, [chatbotId, storageKey]);

  useEffect(() => {
    let cancelled = false;
    const stored = readStoredSession(storageKey);
    const ready = (found: StoredSession) => {
      if (cancelled) return;
      session.current = found;
      setLoad({ status: 'ready', session: found });
      setMessages([newMessage('assistant', found.options.greeting)]);
      // SPEC §2: auto-open when auto_open is set and the widget is not embedded.
      if (found.options.auto_open && !embedded) setState('open');
    };
    if (stored) ready(stored);
    else
      begin().then(ready, (error: unknown) => {
        if (!cancelled) setLoad({ status: isApiError(error) && (error.status === 404 || error.status === 400) ? 'missing' : 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [begin, embedded, storageKey]);

  const send = async (text: string) => {
    const current = session.current;
    if (!current || sending) return;
    setMessages((list) => [...list, newMessage('user', text)]);
    setSending(true);
    try {
      let answer;
      try {
        answer = await sendChatCompletion(current.session_token, text);
      } catch (error) {
        // SPEC §4: an expired session makes this message start a new one.
        if (!isExpiredSession(error)) throw error;
        answer = await sendChatCompletion((await begin()).session_token, text);
      }
      setMessages((list) => [...list, { ...newMessage('assistant', completionText(answer, CHAT_MESSAGES.noResponse)), serverId: answer.message_id }]);
    } catch (error) {
      const message = widgetErrorMessage(error);
      setMessages((list) => [...list, newMessage('assistant', message, true)]);
      toast.error('Error', { description: message });
    } finally {
      setSending(false);
    }
  };

  // The thumbs show at once; a refused rating (an expired session) is put back.
  const rate = (message: ChatMessage, rating: 'up' | 'down') => {
    const current = session.current;
    if (!current || !message.serverId) return;
    const previous = message.rating;
    const setRating = (value: 'up' | 'down' | undefined) => setMessages((list) => list.map((item) => (item.id === message.id ? { ...item, rating: value } : item)));
    setRating(rating);
    rateChatAnswer(current.session_token, message.serverId, rating).then(
      () => toast.success('Thanks for the feedback'),
      () => {
        setRating(previous);
        toast.error('Error', { description: 'Your rating could not be saved.' });
      },
    );
  };

  if (load.status === 'missing' || load.status === 'failed') {
    return (
      <p role="alert" className="fixed right-4 bottom-4 max-w-xs rounded-lg border bg-white p-3 text-sm text-slate-700 shadow">
        {load.status === 'missing' ? 'This chat is not available. Check the chatbot link on the website.' : CHAT_MESSAGES.generic}
      </p>
    );
  }
  if (load.status === 'loading') return <p className="sr-only" role="status">Loading chat...</p>;
  return (
    <ChatWidgetView
      options={load.session.options}
      state={state}
      onStateChange={setState}
      messages={messages}
      sending={sending}
      sessionToken={load.session.session_token}
      onSend={(text) => void send(text)}
      onRate={rate}
    />
  );
}

/** /chatbot-widget/:chatbotId: the widget on a page of its own. */
export function ChatbotWidgetPage() {
  const { chatbotId = '' } = useParams();
  useDocumentTitle('Chat');
  return (
    <div className="min-h-dvh bg-slate-50">
      <ChatWidget key={chatbotId} chatbotId={chatbotId} embedded={false} />
    </div>
  );
}

/** /chatbot-embed/:chatbotId: the widget inside a frame on the business's website. */
export function ChatbotEmbedPage() {
  const { chatbotId = '' } = useParams();
  useDocumentTitle('Chat');
  useEffect(() => {
    // The frame shows the website behind it.
    document.documentElement.style.background = 'transparent';
    document.body.style.background = 'transparent';
  }, []);
  return <ChatWidget key={chatbotId} chatbotId={chatbotId} embedded />;
}
