import { formatGiftCardCode, formatMoney } from '@till/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useGiftCard, useGiftCards } from '../api/loyalty';

const KIND_LABELS: Record<string, string> = { issue: 'Sold', redeem: 'Spent', refund: 'Refunded onto it', cancel: 'Cancelled (refund)' };

function History({ id, currency }: { id: string; currency: string }) {
  const query = useGiftCard(id);
  if (query.isPending) return <p role="status" className="text-muted-foreground">Loading history...</p>;
  if (query.isError) return <ErrorAlert title="The history could not be loaded" error={query.error} />;
  return (
    <ul className="grid gap-1 text-sm" aria-label="Balance history">
      {query.data.history.map((entry) => (
        <li key={entry.id} className="flex justify-between gap-3">
          <span>
            {KIND_LABELS[entry.kind] ?? entry.kind} <span className="text-muted-foreground">· {new Date(entry.created_at).toLocaleString()}</span>
          </span>
          <span className="tabular-nums">
            {formatMoney(entry.amount, currency)} → {formatMoney(entry.balance_after, currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Gift cards sold, their balances and histories (decision 064); SPEC §6 can_view_reports. */
export function GiftCardsList() {
  const query = useGiftCards();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Gift cards</CardTitle>
        <CardDescription>
          {query.data ? `Still to be spent: ${formatMoney(query.data.outstanding, query.data.gift_cards[0]?.currency ?? 'USD')}` : 'Cards sold at the till and what is left on them.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p role="status" className="text-muted-foreground">Loading gift cards...</p>
        ) : query.isError ? (
          <ErrorAlert title="The gift cards could not be loaded" error={query.error} />
        ) : query.data.gift_cards.length === 0 ? (
          <p className="text-muted-foreground">No gift cards sold yet. Sell one from the till's payment screen.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead className="text-right">Sold for</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead className="sr-only">History</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.gift_cards.map((card) => (
                <TableRow key={card.id} className="align-top">
                  <TableCell className="font-mono">
                    {formatGiftCardCode(card.code)}
                    {open === card.id ? <div className="mt-2 font-sans"><History id={card.id} currency={card.currency} /></div> : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(card.initial_amount, card.currency)}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="gift-card-balance">{formatMoney(card.balance, card.currency)}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="outline" onClick={() => setOpen(open === card.id ? null : card.id)} aria-expanded={open === card.id}>
                      {open === card.id ? 'Hide history' : 'History'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
