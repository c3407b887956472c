import { KITCHEN_STAGE_LABELS, priceCart, splitEvenly, TABLE_STATE_LABELS, type KitchenTicketView, type TableState } from '@till/core';
import { MoveIcon, PlusIcon } from 'lucide-react';
import { useRef, useState, type FormEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useCreateArea, useCreateTable, useMoveTicket, usePlaceTable, usePlan, useSplitBill, useUndoSplit, type DiningTable } from '../api/dining';
import { useAddRound, useSendTicket } from '../api/kitchen';
import type { TillKitchenProps } from './till-kitchen-control';

const STATE_CLASSES: Record<TableState, string> = {
  free: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  ordered: 'border-sky-600 bg-sky-100 text-sky-950',
  waiting: 'border-amber-600 bg-amber-100 text-amber-950',
  paying: 'border-violet-700 bg-violet-100 text-violet-950',
};

type PayTicket = TillKitchenProps['onPayTicket'];

interface TablePlanProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lines: TillKitchenProps['lines'];
  ticketId: string | null;
  openTickets: KitchenTicketView[];
  onSent: () => void;
  onPay: PayTicket;
}

/** A ticket's (or one part's) live items as cart lines at today's prices. */
function linesFor(ticket: KitchenTicketView, only?: { itemId: string; quantity: number }[]) {
  return ticket.items
    .filter((item) => !item.voided && item.product_id && item.unit_price !== null)
    .flatMap((item) => {
      const quantity = only ? (only.find((line) => line.itemId === item.id)?.quantity ?? 0) : item.quantity;
      return quantity > 0
        ? [{ productId: item.product_id!, name: item.name, quantity, note: item.note ?? '', unitPrice: item.unit_price!, taxRateBasisPoints: item.tax_rate_basis_points }]
        : [];
    });
}

/**
 * The till's table plan (issue 16 item 2, decision 036): areas and tables coloured by state
 * (free, ordered, waiting for food, paying), live through the kitchen's realtime events. Tap a
 * free table to send the sale to it, an occupied one to add a round, pay, split or move it;
 * "Arrange" drags tables into place (settings permission on the server).
 */
export function TablePlan({ open, onOpenChange, lines, ticketId, openTickets, onSent, onPay }: TablePlanProps) {
  const plan = usePlan(open);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [arranging, setArranging] = useState(false);
  const [splitting, setSplitting] = useState<string | null>(null);
  const areas = plan.data?.areas ?? [];
  const currentArea = areas.find((area) => area.id === areaId) ?? areas[0] ?? null;
  const tables = (plan.data?.tables ?? []).filter((table) => table.area_id === currentArea?.id);
  const selected = plan.data?.tables.find((table) => table.id === selectedId) ?? null;
  const ticketOf = (table: DiningTable | null) => (table?.ticket ? (openTickets.find((ticket) => ticket.id === table.ticket!.id) ?? null) : null);
  const splitTicket = openTickets.find((ticket) => ticket.id === splitting) ?? null;

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[94dvh] max-w-5xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Tables</DialogTitle>
            <DialogDescription>Tap a table to send the sale to it, or to pay, split or move its ticket.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <div role="tablist" aria-label="Areas" className="flex flex-wrap gap-1">
              {areas.map((area) => (
                <Button key={area.id} role="tab" aria-selected={area.id === currentArea?.id} variant={area.id === currentArea?.id ? 'default' : 'outline'} onClick={() => setAreaId(area.id)}>
                  {area.name}
                </Button>
              ))}
            </div>
            <Legend />
            <Button variant={arranging ? 'default' : 'outline'} className="ml-auto" aria-pressed={arranging} onClick={() => setArranging((value) => !value)}>
              <MoveIcon aria-hidden="true" /> {arranging ? 'Done arranging' : 'Arrange'}
            </Button>
          </div>
          {arranging ? <PlanEditor areaId={currentArea?.id ?? null} onArea={setAreaId} /> : null}
          {plan.isPending ? (
            <p className="text-sm text-muted-foreground">Loading the plan...</p>
          ) : areas.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No tables yet. Choose Arrange to add an area and its tables.</p>
          ) : (
            <PlanCanvas tables={tables} arranging={arranging} selectedId={selectedId} onSelect={setSelectedId} />
          )}
          {selected && !arranging ? (
            <TablePanel
              key={selected.id}
              table={selected}
              ticket={ticketOf(selected)}
              freeTables={(plan.data?.tables ?? []).filter((table) => table.state === 'free')}
              lines={lines}
              payingTicketId={ticketId}
              onSent={() => {
                onSent();
                setSelectedId(null);
              }}
              onPay={(ticket) => {
                onPay(ticket);
                onOpenChange(false);
              }}
              onSplit={(id) => setSplitting(id)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      {splitTicket ? (
        <SplitDialog
          ticket={splitTicket}
          canPay={lines.length === 0}
          onClose={() => setSplitting(null)}
          onPay={(ticket) => {
            setSplitting(null);
            onPay(ticket);
            onOpenChange(false);
          }}
        />
      ) : null}
    </>
  );
}

function Legend() {
  return (
    <ul aria-label="Table colours" className="flex flex-wrap gap-2 text-xs">
      {(Object.keys(TABLE_STATE_LABELS) as TableState[]).map((state) => (
        <li key={state} className={cn('rounded border px-2 py-0.5', STATE_CLASSES[state])}>
          {TABLE_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}

function PlanCanvas({ tables, arranging, selectedId, onSelect }: { tables: DiningTable[]; arranging: boolean; selectedId: string | null; onSelect: (id: string) => void }) {
  const place = usePlaceTable();
  const drag = useRef<{ id: string; startX: number; startY: number; x: number; y: number } | null>(null);
  const [dragged, setDragged] = useState<{ id: string; x: number; y: number } | null>(null);
  const width = Math.max(600, ...tables.map((table) => table.x + table.width + 24));
  const height = Math.max(320, ...tables.map((table) => table.y + table.height + 24));

  const down = (event: ReactPointerEvent<HTMLButtonElement>, table: DiningTable) => {
    if (!arranging) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: table.id, startX: event.clientX, startY: event.clientY, x: table.x, y: table.y };
  };
  const moveTo = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start) return;
    const x = Math.max(0, Math.min(2000, Math.round((start.x + event.clientX - start.startX) / 8) * 8));
    const y = Math.max(0, Math.min(2000, Math.round((start.y + event.clientY - start.startY) / 8) * 8));
    setDragged({ id: start.id, x, y });
  };
  const up = () => {
    const start = drag.current;
    drag.current = null;
    if (!start || !dragged || dragged.id !== start.id) return;
    place.mutate(
      { id: start.id, placement: { x: dragged.x, y: dragged.y } },
      { onSettled: () => setDragged(null), onError: (error) => toast.error('Not moved', { description: errorMessage(error) }) },
    );
  };

  return (
    <div className="overflow-auto rounded-lg border bg-muted/40" data-testid="table-plan">
      <div className="relative" style={{ width, height }}>
        {tables.map((table) => {
          const at = dragged?.id === table.id ? dragged : table;
          return (
            <button
              key={table.id}
              type="button"
              aria-pressed={selectedId === table.id}
              data-state={table.state}
              className={cn(
                'absolute flex flex-col items-center justify-center rounded-xl border-2 p-1 text-center shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                STATE_CLASSES[table.state],
                selectedId === table.id && 'ring-4 ring-primary/60',
                arranging ? 'cursor-grab touch-none' : 'cursor-pointer',
              )}
              style={{ left: at.x, top: at.y, width: table.width, height: table.height }}
              onPointerDown={(event) => down(event, table)}
              onPointerMove={moveTo}
              onPointerUp={up}
              onClick={() => !arranging && onSelect(table.id)}
            >
              <span className="text-xl font-bold leading-none">
                <span className="sr-only">Table </span>
                {table.name}
                <span className="sr-only">,</span>
              </span>
              <span className="text-xs">{table.ticket ? `Ticket #${table.ticket.number}` : `${table.seats} seats`}</span>
              <span className="text-[11px] font-medium">{TABLE_STATE_LABELS[table.state]}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

function PlanEditor({ areaId, onArea }: { areaId: string | null; onArea: (id: string) => void }) {
  const createArea = useCreateArea();
  const createTable = useCreateTable();
  const [areaName, setAreaName] = useState('');
  const [tableName, setTableName] = useState('');
  const [seats, setSeats] = useState('4');
  const fail = (title: string) => (error: unknown) => toast.error(title, { description: errorMessage(error) });

  const addArea = (event: FormEvent) => {
    event.preventDefault();
    if (!areaName.trim()) return;
    createArea.mutate({ name: areaName.trim() }, { onSuccess: ({ area }) => (setAreaName(''), onArea(area.id)), onError: fail('Area not added') });
  };
  const addTable = (event: FormEvent) => {
    event.preventDefault();
    if (!areaId || !tableName.trim()) return;
    const seatCount = Number(seats);
    createTable.mutate(
      { area_id: areaId, name: tableName.trim(), seats: Number.isInteger(seatCount) && seatCount > 0 ? seatCount : 4, x: 16, y: 16 },
      { onSuccess: () => setTableName(''), onError: fail('Table not added') },
    );
  };

  return (
    <div className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2">
      <p className="text-sm text-muted-foreground sm:col-span-2">Drag tables into place. Only people who may change settings can arrange the plan.</p>
      <form onSubmit={addArea} className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="plan-area">New area</Label>
          <Input id="plan-area" value={areaName} maxLength={40} placeholder="Terrace" onChange={(event) => setAreaName(event.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={createArea.isPending}>
          <PlusIcon aria-hidden="true" /> Add area
        </Button>
      </form>
      <form onSubmit={addTable} className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="plan-table">New table</Label>
          <Input id="plan-table" value={tableName} maxLength={20} placeholder="12" onChange={(event) => setTableName(event.target.value)} />
        </div>
        <div className="grid w-20 gap-1.5">
          <Label htmlFor="plan-seats">Seats</Label>
          <Input id="plan-seats" inputMode="numeric" value={seats} onChange={(event) => setSeats(event.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={!areaId || createTable.isPending}>
          <PlusIcon aria-hidden="true" /> Add table
        </Button>
      </form>
    </div>
  );
}

function TablePanel({
  table,
  ticket,
  freeTables,
  lines,
  payingTicketId,
  onSent,
  onPay,
  onSplit,
}: {
  table: DiningTable;
  ticket: KitchenTicketView | null;
  freeTables: DiningTable[];
  lines: TillKitchenProps['lines'];
  payingTicketId: string | null;
  onSent: () => void;
  onPay: PayTicket;
  onSplit: (ticketId: string) => void;
}) {
  const [guests, setGuests] = useState(String(Math.min(table.seats, 2)));
  const [moveTo, setMoveTo] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const send = useSendTicket();
  const addRound = useAddRound();
  const move = useMoveTicket();
  const [seatOf, setSeatOf] = useState<Record<number, number>>({});
  const items = lines.map((line, index) => ({
    productId: line.productId,
    quantity: line.quantity,
    ...(line.note.trim() ? { note: line.note.trim() } : {}),
    ...(seatOf[index] ? { seat: seatOf[index] } : {}),
  }));
  const canOrder = lines.length > 0 && !payingTicketId;
  const seatCount = Math.max(table.seats, ticket?.guests ?? 0, 1);
  const seatPicker = (
    <ul aria-label="Seats" className="grid gap-1 text-sm sm:grid-cols-2">
      {lines.map((line, index) => (
        <li key={`${line.productId}-${index}`} className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate">
            {line.quantity}× {line.name}
          </span>
          <select
            aria-label={`Seat for ${line.name}`}
            className="h-9 rounded-md border bg-background px-2"
            value={seatOf[index] ?? 0}
            onChange={(event) => setSeatOf((current) => ({ ...current, [index]: Number(event.target.value) }))}
          >
            <option value={0}>Shared</option>
            {Array.from({ length: Math.min(seatCount, 99) }, (_, seat) => (
              <option key={seat + 1} value={seat + 1}>
                Seat {seat + 1}
              </option>
            ))}
          </select>
        </li>
      ))}
    </ul>
  );

  if (!table.ticket || !ticket) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const count = Number(guests);
      if (!Number.isInteger(count) || count < 1 || count > 99) return toast.error('Guests must be a whole number from 1 to 99.');
      send.mutate(
        { idempotencyKey: key, orderType: 'dine_in', tableId: table.id, guests: count, items },
        {
          onSuccess: (sent) => {
            toast.success(`Ticket ${sent.number} sent to the kitchen for table ${table.name}`);
            onSent();
          },
          onError: (error) => toast.error('Not sent', { description: errorMessage(error) }),
        },
      );
    };
    return (
      <section aria-label={`Table ${table.name}`} className="grid gap-3 rounded-lg border p-3">
        <h3 className="font-semibold">
          Table {table.name} · {table.seats} seats · Free
        </h3>
        {canOrder ? (
          <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
            <div className="grid w-28 gap-1.5">
              <Label htmlFor="table-guests">Guests</Label>
              <Input id="table-guests" inputMode="numeric" value={guests} onChange={(event) => setGuests(event.target.value)} />
            </div>
            <div className="min-w-0 flex-1">{seatPicker}</div>
            <Button type="submit" size="lg" disabled={send.isPending}>
              Send to kitchen
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">Add the guests' order to the sale, then tap this table to send it to the kitchen.</p>
        )}
      </section>
    );
  }

  const split = ticket.bill_parts.length > 0;
  return (
    <section aria-label={`Table ${table.name}`} className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">
          Table {table.name} · #{ticket.number}
          {ticket.guests ? ` · ${ticket.guests} guests` : ''}
        </h3>
        <Badge variant="outline">{TABLE_STATE_LABELS[table.state]}</Badge>
        <Badge className="ml-auto" data-testid="table-ticket-stage">
          {KITCHEN_STAGE_LABELS[ticket.stage]}
        </Badge>
      </div>
      <p className="text-sm">
        {ticket.items
          .filter((item) => !item.voided)
          .map((item) => `${item.quantity}× ${item.name}${item.seat ? ` (seat ${item.seat})` : ''}`)
          .join(', ')}
      </p>
      {canOrder && !split ? seatPicker : null}
      <div className="flex flex-wrap gap-2">
        {canOrder && !split ? (
          <Button
            disabled={addRound.isPending}
            onClick={() =>
              addRound.mutate(
                { ticketId: ticket.id, items },
                { onSuccess: () => (toast.success(`Added to ticket ${ticket.number}`), onSent()), onError: (error) => toast.error('Not added', { description: errorMessage(error) }) },
              )
            }
          >
            Add the sale to this ticket
          </Button>
        ) : null}
        {!split ? (
          <Button
            variant="outline"
            disabled={lines.length > 0 || ticket.being_paid}
            onClick={() => onPay({ id: ticket.id, number: ticket.number, lines: linesFor(ticket) })}
          >
            Pay whole bill
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => onSplit(ticket.id)}>
          {split ? 'Bill parts' : 'Split bill'}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="move-to">Move to table</Label>
          <select id="move-to" className="h-10 rounded-md border bg-background px-2" value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
            <option value="">Choose a free table</option>
            {freeTables.map((free) => (
              <option key={free.id} value={free.id}>
                {free.name} ({free.seats} seats)
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="outline"
          disabled={!moveTo || move.isPending}
          onClick={() =>
            move.mutate(
              { ticketId: ticket.id, tableId: moveTo },
              { onSuccess: (moved) => toast.success(`Ticket ${moved.number} moved to table ${moved.table}`), onError: (error) => toast.error('Not moved', { description: errorMessage(error) }) },
            )
          }
        >
          Move
        </Button>
      </div>
    </section>
  );
}

type SplitMode = 'seats' | 'items' | 'evenly';

/** Split the bill by seats, by items, or see even shares; then pay each part as its own sale. */
function SplitDialog({ ticket, canPay, onClose, onPay }: { ticket: KitchenTicketView; canPay: boolean; onClose: () => void; onPay: PayTicket }) {
  const me = useMe().data;
  const currency = me?.business?.currency ?? 'USD';
  const includeTax = me?.settings?.prices_include_tax === true;
  const [mode, setMode] = useState<SplitMode>(ticket.items.some((item) => item.seat !== null) ? 'seats' : 'items');
  const [guests, setGuests] = useState(2);
  const live = ticket.items.filter((item) => !item.voided);
  const units = live.flatMap((item) => Array.from({ length: item.quantity }, (_, unit) => ({ key: `${item.id}:${unit}`, item })));
  const [assigned, setAssigned] = useState<Record<string, number>>(() => Object.fromEntries(units.map((unit, index) => [unit.key, index % 2])));
  const splitBill = useSplitBill();
  const undo = useUndoSplit();
  const total = (() => {
    try {
      return priceCart({ pricesIncludeTax: includeTax, lines: linesFor(ticket).map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity, taxRateBasisPoints: line.taxRateBasisPoints })) }).total;
    } catch {
      return 0;
    }
  })();
  const fail = (title: string) => (error: unknown) => toast.error(title, { description: errorMessage(error) });

  const submit = () => {
    if (mode === 'seats') return splitBill.mutate({ ticketId: ticket.id, split: { mode: 'seats' } }, { onError: fail('Not split') });
    const parts = Array.from({ length: guests }, (_, guest) =>
      live.map((item) => ({ item_id: item.id, quantity: units.filter((unit) => unit.item.id === item.id && (assigned[unit.key] ?? 0) === guest).length })).filter((line) => line.quantity > 0),
    ).filter((part) => part.length > 0);
    splitBill.mutate({ ticketId: ticket.id, split: { mode: 'items', parts } }, { onError: fail('Not split') });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[94dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Split the bill · Ticket {ticket.number}</DialogTitle>
          <DialogDescription>Each part is paid as its own sale; the table is free once every part is paid.</DialogDescription>
        </DialogHeader>
        {ticket.bill_parts.length > 0 ? (
          <>
            <ul aria-label="Bill parts" className="grid gap-2">
              {ticket.bill_parts.map((part) => {
                const partLines = linesFor(ticket, part.lines.map((line) => ({ itemId: line.item_id, quantity: line.quantity })));
                return (
                  <li key={part.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-3">
                    <span className="font-semibold">{part.label}</span>
                    <span className="min-w-0 flex-1 text-sm">{partLines.map((line) => `${line.quantity}× ${line.name}`).join(', ')}</span>
                    {part.status === 'paid' ? (
                      <Badge variant="secondary">Paid</Badge>
                    ) : part.status === 'paying' ? (
                      <Badge variant="outline">Being paid</Badge>
                    ) : (
                      <Button disabled={!canPay} title={canPay ? undefined : 'Finish or clear the sale in progress first'} onClick={() => onPay({ id: ticket.id, number: ticket.number, part: { id: part.id, label: part.label }, lines: partLines })}>
                        Pay {part.label}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            {ticket.bill_parts.every((part) => part.status === 'open') ? (
              <Button variant="outline" disabled={undo.isPending} onClick={() => undo.mutate(ticket.id, { onError: fail('Split not undone') })}>
                Undo the split
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <div role="radiogroup" aria-label="Split by" className="flex flex-wrap gap-2">
              {(['seats', 'items', 'evenly'] as const).map((option) => (
                <Button key={option} role="radio" aria-checked={mode === option} variant={mode === option ? 'default' : 'outline'} onClick={() => setMode(option)}>
                  {option === 'seats' ? 'By seats' : option === 'items' ? 'By items' : 'Evenly'}
                </Button>
              ))}
            </div>
            {mode !== 'seats' ? (
              <div className="flex items-end gap-2">
                <div className="grid w-28 gap-1.5">
                  <Label htmlFor="split-guests">Guests</Label>
                  <Input id="split-guests" type="number" min={2} max={20} value={guests} onChange={(event) => setGuests(Math.max(2, Math.min(20, Number(event.target.value) || 2)))} />
                </div>
              </div>
            ) : null}
            {mode === 'seats' ? (
              <ul className="grid gap-1 text-sm">
                {live.map((item) => (
                  <li key={item.id}>
                    {item.quantity}× {item.name} · {item.seat ? `seat ${item.seat}` : 'shared'}
                  </li>
                ))}
              </ul>
            ) : mode === 'items' ? (
              <ul aria-label="Who pays what" className="grid gap-2">
                {units.map((unit) => (
                  <li key={unit.key} className="flex items-center gap-2 text-sm">
                    <span className="min-w-0 flex-1">1× {unit.item.name}</span>
                    <select
                      aria-label={`Guest paying ${unit.item.name} ${unit.key.split(':')[1] === '0' ? '' : Number(unit.key.split(':')[1]) + 1}`.trim()}
                      className="h-9 rounded-md border bg-background px-2"
                      value={Math.min(assigned[unit.key] ?? 0, guests - 1)}
                      onChange={(event) => setAssigned((current) => ({ ...current, [unit.key]: Number(event.target.value) }))}
                    >
                      {Array.from({ length: guests }, (_, guest) => (
                        <option key={guest} value={guest}>
                          Guest {guest + 1}
                        </option>
                      ))}
                    </select>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="grid gap-2 rounded-lg border p-3 text-sm">
                <p>
                  Total {formatMoney(total, currency)} among {guests} guests:
                </p>
                <ul className="grid gap-1" aria-label="Even shares">
                  {splitEvenly(total, guests).map((share, index) => (
                    <li key={index} className="tabular-nums">
                      Guest {index + 1}: {formatMoney(share, currency)}
                    </li>
                  ))}
                </ul>
                <p className="text-muted-foreground">Pay the whole bill as one sale and take one payment per guest for these amounts.</p>
              </div>
            )}
            {mode === 'evenly' ? (
              <Button disabled={!canPay || ticket.being_paid} onClick={() => onPay({ id: ticket.id, number: ticket.number, lines: linesFor(ticket) })}>
                Pay whole bill in {guests} payments
              </Button>
            ) : (
              <Button size="lg" disabled={splitBill.isPending} onClick={submit}>
                Split the bill
              </Button>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
