import {
  chosenModifierFromWire,
  modifierNames,
  ORDER_TYPE_LABELS,
  ORDER_TYPES,
  realtimeTopic,
  type ChosenModifier,
  type KitchenOrderType,
  type KitchenStage,
  type KitchenTicketView,
} from '@till/core';
import { ChefHatIcon, LayoutGridIcon } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { cn } from '@/lib/utils';
import { useAddRound, useChangeItem, useFireCourse, useOpenTickets, useSendTicket } from '../api/kitchen';
import { useKitchenLive } from '../lib/use-kitchen-live';

// The table plan and its split dialog load when first opened (decision 036).
const TablePlan = lazy(() => import('./table-plan').then((module) => ({ default: module.TablePlan })));

export interface TillKitchenProps {
  lines: { productId: string; name: string; quantity: number; note: string; modifiers?: ChosenModifier[] }[];
  ticketId: string | null;
  onSent: () => void;
  onPayTicket: (ticket: {
    id: string;
    number: number;
    part?: { id: string; label: string };
    lines: { productId: string; name: string; quantity: number; note: string; unitPrice: number; taxRateBasisPoints: number; modifiers?: ChosenModifier[] }[];
  }) => void;
}

const STAGE_CLASSES: Record<KitchenStage, string> = {
  new: 'bg-sky-100 text-sky-900 border-sky-300',
  cooking: 'bg-amber-100 text-amber-950 border-amber-300',
  ready: 'bg-emerald-600 text-white border-emerald-700',
  served: 'bg-muted text-muted-foreground',
};

const whereOf = (ticket: KitchenTicketView) => (ticket.order_type === 'dine_in' ? `Table ${ticket.table ?? '?'}` : ORDER_TYPE_LABELS[ticket.order_type]);

/**
 * The till's side of the kitchen (issue 16 items 2 and 4): send the sale's items as a ticket (or
 * as another round of an open one), watch each open ticket's stage live, void an item already
 * sent, fire a held course, and load a ticket into the sale to pay it.
 */
export function TillKitchenControl(props: TillKitchenProps) {
  const me = useMe().data;
  const enabled = me?.settings?.enabled_features?.kitchen_display === true;
  if (!enabled || !me?.business) return null;
  return <TillKitchen {...props} businessId={me.business.id} />;
}

function TillKitchen({ lines, ticketId, onSent, onPayTicket, businessId }: TillKitchenProps & { businessId: string }) {
  const [open, setOpen] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  useKitchenLive(realtimeTopic.business(businessId));
  const tickets = useOpenTickets();
  const openTickets = tickets.data ?? [];
  const readyCount = openTickets.filter((ticket) => ticket.stage === 'ready').length;
  return (
    <>
      <Button variant="outline" className="px-3" onClick={() => setPlanOpen(true)} aria-label="Tables">
        <LayoutGridIcon aria-hidden="true" />
        <span className="hidden @4xl:inline">Tables</span>
      </Button>
      {planOpen ? (
        <Suspense fallback={null}>
          <TablePlan open={planOpen} onOpenChange={setPlanOpen} lines={lines} ticketId={ticketId} openTickets={openTickets} onSent={onSent} onPay={onPayTicket} />
        </Suspense>
      ) : null}
      <Button variant="outline" className="px-3" onClick={() => setOpen(true)} aria-label={`Kitchen: ${openTickets.length} open tickets, ${readyCount} ready`}>
        <ChefHatIcon aria-hidden="true" />
        <span className="hidden @4xl:inline">Kitchen</span>
        {openTickets.length > 0 ? <Badge className="tabular-nums">{openTickets.length}</Badge> : null}
        {readyCount > 0 ? <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" /> : null}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Kitchen</DialogTitle>
            <DialogDescription>Send the sale's items to the kitchen before payment; pay the ticket later from here.</DialogDescription>
          </DialogHeader>
          {lines.length > 0 && !ticketId ? (
            <SendForm
              lines={lines}
              openTickets={openTickets}
              onSent={() => {
                onSent();
                setOpen(false);
              }}
            />
          ) : (
            <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
              {ticketId ? 'This sale is paying a ticket: take payment with Pay, or clear the sale.' : 'Add items to the sale, then send them to the kitchen here.'}
            </p>
          )}
          <section aria-label="Open tickets" className="grid gap-2">
            <h3 className="font-semibold">Open tickets</h3>
            {tickets.isPending ? (
              <p className="text-sm text-muted-foreground">Loading...</p>
            ) : openTickets.length === 0 ? (
              <p className="text-sm text-muted-foreground">No open tickets.</p>
            ) : (
              <ul className="grid gap-2">
                {openTickets.map((ticket) => (
                  <OpenTicket
                    key={ticket.id}
                    ticket={ticket}
                    paying={ticket.id === ticketId}
                    onPay={() => {
                      const live = ticket.items.filter((item) => !item.voided && item.product_id && item.unit_price !== null);
                      onPayTicket({
                        id: ticket.id,
                        number: ticket.number,
                        lines: live.map((item) => ({
                          productId: item.product_id!,
                          name: item.name,
                          quantity: item.quantity,
                          note: item.note ?? '',
                          unitPrice: item.unit_price!,
                          taxRateBasisPoints: item.tax_rate_basis_points,
                          ...(item.modifiers.length ? { modifiers: item.modifiers.map(chosenModifierFromWire) } : {}),
                        })),
                      });
                      setOpen(false);
                    }}
                    canPay={(lines.length === 0 || ticket.id === ticketId) && ticket.bill_parts.length === 0}
                  />
                ))}
              </ul>
            )}
          </section>
        </DialogContent>
      </Dialog>
    </>
  );
}

function SendForm({ lines, openTickets, onSent }: { lines: TillKitchenProps['lines']; openTickets: KitchenTicketView[]; onSent: () => void }) {
  const [target, setTarget] = useState<string>('new');
  const [orderType, setOrderType] = useState<KitchenOrderType>('dine_in');
  const [table, setTable] = useState('');
  const [guests, setGuests] = useState('');
  const [hold, setHold] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const send = useSendTicket();
  const addRound = useAddRound();
  const items = lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    ...(line.note.trim() ? { note: line.note.trim() } : {}),
    ...(hold ? { hold: true } : {}),
    ...(line.modifiers?.length ? { modifierOptionIds: line.modifiers.map((modifier) => modifier.optionId) } : {}),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (target !== 'new') {
      addRound.mutate(
        { ticketId: target, items },
        {
          onSuccess: ({ ticket }) => {
            toast.success(`Added to ticket ${ticket.number}`);
            onSent();
          },
          onError: (error) => setProblem(errorMessage(error)),
        },
      );
      return;
    }
    if (orderType === 'dine_in' && !table.trim()) return setProblem('Enter the table for a dine-in order.');
    const guestCount = guests.trim() ? Number(guests) : null;
    if (guestCount !== null && (!Number.isInteger(guestCount) || guestCount < 1 || guestCount > 99)) return setProblem('Guests must be a whole number from 1 to 99.');
    send.mutate(
      { idempotencyKey: key, orderType, table: table.trim() || null, guests: guestCount, items },
      {
        onSuccess: (ticket) => {
          toast.success(`Ticket ${ticket.number} sent to the kitchen`);
          onSent();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border p-3">
      <p className="text-sm">
        {lines.length} {lines.length === 1 ? 'line' : 'lines'}: {lines.map((line) => `${line.quantity}× ${line.name}${line.modifiers?.length ? ` (${modifierNames(line.modifiers)})` : ''}`).join(', ')}
      </p>
      {openTickets.length > 0 ? (
        <div className="grid gap-1.5">
          <Label htmlFor="kitchen-target">Send as</Label>
          <select id="kitchen-target" className="h-10 rounded-md border bg-background px-2" value={target} onChange={(event) => setTarget(event.target.value)}>
            <option value="new">A new ticket</option>
            {openTickets.map((ticket) => (
              <option key={ticket.id} value={ticket.id}>
                Another round on #{ticket.number} · {whereOf(ticket)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {target === 'new' ? (
        <>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">Order type</legend>
            <div className="flex flex-wrap gap-2">
              {ORDER_TYPES.map((type) => (
                <Button key={type} type="button" variant={orderType === type ? 'default' : 'outline'} aria-pressed={orderType === type} onClick={() => setOrderType(type)}>
                  {ORDER_TYPE_LABELS[type]}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            {orderType === 'dine_in' ? (
              <div className="grid gap-1.5">
                <Label htmlFor="kitchen-table">Table</Label>
                <Input id="kitchen-table" value={table} maxLength={20} onChange={(event) => setTable(event.target.value)} />
              </div>
            ) : null}
            <div className="grid gap-1.5">
              <Label htmlFor="kitchen-guests">Guests</Label>
              <Input id="kitchen-guests" inputMode="numeric" value={guests} onChange={(event) => setGuests(event.target.value)} />
            </div>
          </div>
        </>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={hold} onChange={(event) => setHold(event.target.checked)} /> Hold these items (a later course, fired from here)
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={send.isPending || addRound.isPending}>
        Send to kitchen
      </Button>
    </form>
  );
}

function OpenTicket({ ticket, paying, canPay, onPay }: { ticket: KitchenTicketView; paying: boolean; canPay: boolean; onPay: () => void }) {
  const change = useChangeItem();
  const fire = useFireCourse();
  const held = ticket.items.some((item) => item.held && !item.voided);
  return (
    <li aria-label={`Ticket ${ticket.number}`} className="rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-bold tabular-nums">#{ticket.number}</span>
        <span className="font-medium">{whereOf(ticket)}</span>
        {ticket.guests ? <span className="text-sm text-muted-foreground">{ticket.guests} guests</span> : null}
        <Badge className={cn('ml-auto text-sm', STAGE_CLASSES[ticket.stage])} data-testid="ticket-stage">
          {ticket.stage_name}
        </Badge>
      </div>
      <ul className="mt-2 grid gap-1 text-sm">
        {ticket.items.map((item) => (
          <li key={item.id} className="flex items-center gap-2">
            <span className={cn('min-w-0 flex-1', item.voided && 'text-muted-foreground line-through')}>
              {item.quantity}× {item.name}
              {item.modifiers.length ? <span className="font-medium"> ({modifierNames(item.modifiers)})</span> : null}
              {item.note ? <span className="text-muted-foreground"> · {item.note}</span> : null}
              {item.held ? <span className="text-muted-foreground"> · held</span> : null}
              {!item.voided && !item.held ? <span className="text-muted-foreground"> · {item.stage_name}</span> : null}
            </span>
            {!item.voided ? (
              <Button
                variant="ghost"
                className="h-8 px-2"
                disabled={change.isPending}
                aria-label={`Void ${item.name} on ticket ${ticket.number}`}
                onClick={() =>
                  change.mutate(
                    { ticketId: ticket.id, itemId: item.id, change: { void: true } },
                    { onSuccess: () => toast.success(`${item.name} voided: the kitchen sees it struck through`), onError: (error) => toast.error('Not voided', { description: errorMessage(error) }) },
                  )
                }
              >
                Void
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {held ? (
          <Button variant="outline" disabled={fire.isPending} onClick={() => fire.mutate(ticket.id, { onError: (error) => toast.error('Not fired', { description: errorMessage(error) }) })}>
            Fire held course
          </Button>
        ) : null}
        {paying ? (
          <Badge variant="secondary">In the sale</Badge>
        ) : (
          <Button
            disabled={!canPay}
            title={ticket.bill_parts.length > 0 ? 'The bill is split: pay its parts from Tables' : canPay ? undefined : 'Finish or clear the sale in progress first'}
            onClick={onPay}
          >
            Pay ticket {ticket.number}
          </Button>
        )}
      </div>
    </li>
  );
}
