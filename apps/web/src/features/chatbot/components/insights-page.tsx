import { MessageSquareIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { BarsChart } from '@/components/lazy-charts';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { useChatConversations, useChatTranscript, useChatbotInsights, type ChatbotInsights } from '../api/insights';

const PERIODS = [
  [7, 'Last 7 days'],
  [30, 'Last 30 days'],
  [90, 'Last 90 days'],
] as const;

const count = (value: number) => value.toLocaleString();
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Every day of the period, with no conversation shown as 0 rather than missing. */
function everyDay(insights: ChatbotInsights, days: number) {
  const byDate = new Map(insights.by_day.map((row) => [row.date, row]));
  const last = insights.by_day.at(-1)?.date ?? new Date(insights.to).toISOString().slice(0, 10);
  const end = Date.parse(`${last > insights.to.slice(0, 10) ? last : insights.to.slice(0, 10)}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return { label: shortDay(date), value: byDate.get(date)?.conversations ?? 0 };
  });
}

function QuestionList({ rows, empty, onOpen }: { rows: ChatbotInsights['unanswered']; empty: string; onOpen: (id: string) => void }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {rows.map((row) => (
        <li key={row.message_id} className="grid gap-1 rounded-lg border p-3 text-sm">
          <p className="font-medium">“{row.question || '(no question)'}”</p>
          <p className="line-clamp-2 text-muted-foreground">{row.answer}</p>
          {'comment' in row && typeof row.comment === 'string' ? <p className="text-muted-foreground">Visitor’s comment: {row.comment}</p> : null}
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
            <span>{when(row.at)}</span>
            <Button variant="link" className="h-auto p-0" onClick={() => onOpen(row.conversation_id)}>
              Read the conversation
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function TranscriptDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const transcript = useChatTranscript(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Conversation</DialogTitle>
          <DialogDescription>{transcript.data ? `Started ${when(transcript.data.conversation.started_at)}` : 'Loading the transcript…'}</DialogDescription>
        </DialogHeader>
        {transcript.isError ? <ErrorAlert error={transcript.error} /> : null}
        <ol className="grid gap-2" aria-label="Messages">
          {transcript.data?.messages.map((message) => (
            <li
              key={message.id}
              className={cn('grid max-w-[90%] gap-1 rounded-lg px-3 py-2 text-sm whitespace-pre-wrap', message.role === 'user' ? 'justify-self-end bg-primary text-primary-foreground' : 'justify-self-start bg-muted')}
            >
              <span className="sr-only">{message.role === 'user' ? 'Visitor:' : 'Assistant:'}</span>
              {message.content}
              {message.role === 'assistant' && (message.rating || message.unanswered) ? (
                <span className="flex flex-wrap gap-1">
                  {message.rating === 'up' ? <Badge variant="success">Helpful</Badge> : null}
                  {message.rating === 'down' ? <Badge variant="destructive">Not helpful</Badge> : null}
                  {message.unanswered ? <Badge variant="warning">Could not answer</Badge> : null}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}

/** /chatbot (Chatbot Insights, SPEC §4; issue 17 item 7): what customers ask the website chat and how well it answers. */
export function ChatbotInsightsPage() {
  const [days, setDays] = useState<number>(30);
  const [open, setOpen] = useState<string | null>(null);
  const insights = useChatbotInsights(days);
  const conversations = useChatConversations();
  const data = insights.data;
  const rows = conversations.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Chatbot Insights"
        description="What customers ask the chat on your website, which answers helped, and what the assistant could not answer yet."
        actions={
          <div role="group" aria-label="Period" className="flex flex-wrap gap-1">
            {PERIODS.map(([value, label]) => (
              <Button key={value} variant={days === value ? 'default' : 'outline'} aria-pressed={days === value} onClick={() => setDays(value)}>
                {label}
              </Button>
            ))}
          </div>
        }
      />
      {insights.isError ? <ErrorAlert title="The insights could not be loaded" error={insights.error} /> : null}
      {data ? (
        <>
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <StatCard label="Conversations" value={count(data.totals.conversations)} />
            <StatCard label="Questions" value={count(data.totals.questions)} />
            <StatCard label="Helpful" value={count(data.totals.helpful)} />
            <StatCard label="Not helpful" value={count(data.totals.unhelpful)} />
            <StatCard label="Could not answer" value={count(data.totals.unanswered)} />
          </section>
          {data.totals.conversations === 0 ? (
            <Card>
              <CardContent className="grid justify-items-start gap-2 text-sm">
                <MessageSquareIcon aria-hidden="true" className="size-6 text-muted-foreground" />
                <p className="font-medium">No customer has chatted in this period.</p>
                <p className="text-muted-foreground">
                  Put the chat on your website from <Link to="/settings" className="font-medium text-primary underline-offset-4 hover:underline">Settings → Chat widget and AI Assistant</Link>, then come back to see what people ask.
                </p>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>Conversations by day</CardTitle>
                <CardDescription>In your business’s time zone ({data.time_zone}).</CardDescription>
              </CardHeader>
              <CardContent>
                <BarsChart data={everyDay(data, days)} valueName="Conversations" format={count} whole height={220} />
              </CardContent>
            </Card>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Most asked</CardTitle>
                <CardDescription>Questions grouped regardless of capitals and punctuation.</CardDescription>
              </CardHeader>
              <CardContent>
                {data.top_questions.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No questions yet.</p>
                ) : (
                  <ol className="grid gap-1 text-sm">
                    {data.top_questions.map((row) => (
                      <li key={row.question} className="flex items-baseline justify-between gap-3 border-b py-1.5 last:border-0">
                        <span className="min-w-0 break-words">{row.question}</span>
                        <span className="shrink-0 tabular-nums text-muted-foreground">{row.count}×</span>
                      </li>
                    ))}
                  </ol>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Could not answer</CardTitle>
                <CardDescription>Add what is missing (products, opening hours, address) so the assistant can answer next time.</CardDescription>
              </CardHeader>
              <CardContent>
                <QuestionList rows={data.unanswered} empty="Every question had an answer." onOpen={setOpen} />
              </CardContent>
            </Card>
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <ThumbsDownIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                  Rated not helpful
                </CardTitle>
                <CardDescription>Answers visitors marked with a thumbs down in the chat.</CardDescription>
              </CardHeader>
              <CardContent>
                <QuestionList rows={data.unhelpful} empty="No answer was rated not helpful." onOpen={setOpen} />
              </CardContent>
            </Card>
          </div>
        </>
      ) : insights.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the insights…
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Conversations</CardTitle>
          <CardDescription>
            {data ? `Transcripts are kept for ${data.retention_days} days (change it in Settings → Chat widget and AI Assistant), then deleted.` : 'Newest first.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          {conversations.isError ? <ErrorAlert error={conversations.error} /> : null}
          {rows.length === 0 && conversations.isSuccess ? <p className="text-sm text-muted-foreground">No conversations kept.</p> : null}
          <ul className="grid gap-2">
            {rows.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  onClick={() => setOpen(row.id)}
                  className="grid w-full gap-1 rounded-lg border p-3 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="font-medium break-words">{row.first_question ?? '(no question)'}</span>
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    <span>{when(row.last_active_at)}</span>
                    <span>
                      {row.questions} {row.questions === 1 ? 'question' : 'questions'}
                    </span>
                    {row.helpful > 0 ? (
                      <span className="inline-flex items-center gap-1">
                        <ThumbsUpIcon aria-hidden="true" className="size-3" />
                        {row.helpful} helpful
                      </span>
                    ) : null}
                    {row.unhelpful > 0 ? (
                      <span className="inline-flex items-center gap-1">
                        <ThumbsDownIcon aria-hidden="true" className="size-3" />
                        {row.unhelpful} not helpful
                      </span>
                    ) : null}
                    {row.unanswered > 0 ? <span>{row.unanswered} not answered</span> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {conversations.hasNextPage ? (
            <Button variant="outline" className="justify-self-start" disabled={conversations.isFetchingNextPage} onClick={() => void conversations.fetchNextPage()}>
              {conversations.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          ) : null}
        </CardContent>
      </Card>
      <TranscriptDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
