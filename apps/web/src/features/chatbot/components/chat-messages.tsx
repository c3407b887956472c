import type { QueryResult } from '@till/core';
import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { foundText, type ChatMessage } from '../utils/chat-rules';
import { readableTextOn } from '../utils/colors';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** SPEC §8/§9: the count found and up to 3 sample rows of a query. */
export function QuerySample({ result }: { result: QueryResult }) {
  if (!result.success) return null;
  const columns = Object.keys(result.data[0] ?? {});
  return (
    <div className="mt-2 grid gap-1" data-testid="query-result">
      <p className="text-xs font-medium">{foundText(result.row_count)}</p>
      {columns.length > 0 ? (
        <div className="overflow-x-auto rounded border bg-background text-foreground">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Sample rows</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="border-b px-2 py-1 font-medium whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.data.map((row, index) => (
                <tr key={index} className="border-b last:border-0">
                  {columns.map((column) => (
                    <td key={column} className="px-2 py-1 whitespace-nowrap">
                      {cellText(row[column])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

interface ChatMessageListProps {
  messages: ChatMessage[];
  sending: boolean;
  dark: boolean;
  primaryColor?: string;
  /** Given, answers with a stored id show "Helpful" and "Not helpful" buttons (customer widget). */
  onRate?: ((message: ChatMessage, rating: 'up' | 'down') => void) | undefined;
}

/** The conversation, newest at the bottom; scrolled to the end as messages arrive. */
export function ChatMessageList({ messages, sending, dark, primaryColor, onRate }: ChatMessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, sending]);
  return (
    <div role="log" aria-live="polite" aria-label="Messages" className="flex flex-1 flex-col gap-2 overflow-y-auto p-3">
      {messages.map((message) => {
        const mine = message.role === 'user';
        return (
          <div
            key={message.id}
            data-role={message.role}
            className={cn(
              'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
              mine ? 'self-end' : dark ? 'self-start bg-slate-800 text-slate-100' : 'self-start bg-slate-100 text-slate-900',
              message.failed && !mine && (dark ? 'border border-red-400' : 'border border-red-300'),
            )}
            style={mine ? { backgroundColor: primaryColor ?? '#3b82f6', color: readableTextOn(primaryColor ?? '#3b82f6') } : undefined}
          >
            {message.content}
            {message.queryResult ? <QuerySample result={message.queryResult} /> : null}
            {onRate && message.serverId ? (
              <span className="mt-1 flex gap-1" role="group" aria-label="Was this answer helpful?">
                {(
                  [
                    ['up', 'Helpful', ThumbsUpIcon],
                    ['down', 'Not helpful', ThumbsDownIcon],
                  ] as const
                ).map(([rating, label, Icon]) => (
                  <button
                    key={rating}
                    type="button"
                    aria-label={label}
                    aria-pressed={message.rating === rating}
                    onClick={() => onRate(message, rating)}
                    className={cn(
                      'grid size-7 place-items-center rounded',
                      dark ? 'hover:bg-slate-700' : 'hover:bg-slate-200',
                      message.rating === rating ? (dark ? 'bg-slate-700 text-white' : 'bg-slate-300 text-slate-900') : dark ? 'text-slate-300' : 'text-slate-600',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-3.5" />
                  </button>
                ))}
              </span>
            ) : null}
          </div>
        );
      })}
      {sending ? (
        <p role="status" className={cn('self-start text-xs', dark ? 'text-slate-400' : 'text-slate-500')}>
          Thinking...
        </p>
      ) : null}
      <div ref={end} />
    </div>
  );
}
