import type { ChannelState, KitchenTicketView } from '@till/core';
import { RealtimeStatusBadge } from '@/components/realtime-status-badge';
import { Button } from '@/components/ui/button';

/**
 * The customer-facing "order ready" screen: takeaway numbers being prepared and ready to collect,
 * large enough to read across the room.
 */
export function ReadyScreen({ tickets, channel, onBack }: { tickets: KitchenTicketView[]; channel: { state: ChannelState; error: string | null }; onBack: () => void }) {
  const takeaway = tickets.filter((ticket) => ticket.order_type === 'takeaway');
  const ready = takeaway.filter((ticket) => ticket.stage === 'ready');
  const preparing = takeaway.filter((ticket) => ticket.stage === 'new' || ticket.stage === 'cooking');
  return (
    <div className="flex min-h-[calc(100dvh-6rem)] flex-col gap-4">
      <header className="flex items-center gap-3">
        <h1 className="text-2xl font-bold">Order ready</h1>
        <RealtimeStatusBadge state={channel.state} error={channel.error} />
        <Button variant="outline" className="ml-auto" onClick={onBack}>
          Back to the kitchen
        </Button>
      </header>
      <div className="grid flex-1 gap-4 md:grid-cols-2">
        <section aria-label="Preparing" className="rounded-2xl border-2 bg-card p-6">
          <h2 className="text-4xl font-bold text-muted-foreground">Preparing</h2>
          <NumberList tickets={preparing} empty="No orders being prepared" className="text-muted-foreground" />
        </section>
        <section aria-label="Ready to collect" className="rounded-2xl border-2 border-emerald-600 bg-emerald-50 p-6 text-emerald-950">
          <h2 className="text-4xl font-bold">Ready to collect</h2>
          <NumberList tickets={ready} empty="Nothing ready yet" className="" />
        </section>
      </div>
    </div>
  );
}

function NumberList({ tickets, empty, className }: { tickets: KitchenTicketView[]; empty: string; className: string }) {
  if (tickets.length === 0) return <p className="mt-6 text-2xl text-muted-foreground">{empty}</p>;
  return (
    <ul className={`mt-6 flex flex-wrap gap-6 ${className}`}>
      {tickets.map((ticket) => (
        <li key={ticket.id} className="text-7xl font-extrabold tabular-nums">
          {ticket.number}
        </li>
      ))}
    </ul>
  );
}
