import { describeSegment, formatMoney, parseTagList, segmentRulesSchema, type SegmentRules } from '@till/core';
import { SaveIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { parseMoneyText } from '@/lib/money';
import { useCreateSegment, useSegmentPreview } from '../api/marketing-api';

interface RuleTexts {
  minSpent: string;
  maxSpent: string;
  minVisits: string;
  maxVisits: string;
  lastVisitWithinDays: string;
  lastVisitMoreThanDays: string;
  /** Comma-separated: customers with any of these tags. */
  anyTags: string;
}
const EMPTY: RuleTexts = { minSpent: '', maxSpent: '', minVisits: '', maxVisits: '', lastVisitWithinDays: '', lastVisitMoreThanDays: '', anyTags: '' };

/** The typed fields as rules, or the message of the first field that is not a number. */
function readRules(texts: RuleTexts, currency: string): { rules: SegmentRules } | { error: string } {
  const rules: Record<string, number | string[]> = {};
  for (const key of ['minSpent', 'maxSpent'] as const) {
    if (texts[key].trim() === '') continue;
    const parsed = parseMoneyText(texts[key], currency);
    if (!parsed.ok || parsed.amount < 0) return { error: 'Type the spend as an amount, like 50.00' };
    rules[key] = parsed.amount;
  }
  for (const key of ['minVisits', 'maxVisits', 'lastVisitWithinDays', 'lastVisitMoreThanDays'] as const) {
    if (texts[key].trim() === '') continue;
    if (!/^\d{1,6}$/.test(texts[key].trim())) return { error: 'Visits and days are whole numbers' };
    rules[key] = Number(texts[key].trim());
  }
  const tags = parseTagList(texts.anyTags);
  if (tags.length) rules.anyTags = tags;
  const checked = segmentRulesSchema.safeParse(rules);
  return checked.success ? { rules: checked.data } : { error: checked.error.issues[0]?.message ?? 'Check the rules' };
}

function RuleInput({ label, value, onChange, prefix, className, text }: { label: string; value: string; onChange: (text: string) => void; prefix?: string; className?: string; text?: boolean }) {
  const id = useId();
  return (
    <Field className={className ? `gap-1.5 ${className}` : 'gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode={text ? 'text' : 'decimal'} autoComplete="off" placeholder={prefix ?? 'Any'} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

/** Rules typed on the left, the customers they pick out now on the right; saved under a name. */
export function SegmentBuilder({ currency }: { currency: string }) {
  const [texts, setTexts] = useState<RuleTexts>(EMPTY);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useCreateSegment();
  const read = readRules(useDebouncedValue(texts, 300), currency);
  const preview = useSegmentPreview('rules' in read ? read.rules : null);
  const set = (key: keyof RuleTexts) => (text: string) => setTexts((current) => ({ ...current, [key]: text }));
  const money = (minor: number) => formatMoney(minor, currency);

  return (
    <section aria-labelledby="segment-heading" className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <h2 id="segment-heading" className="text-lg font-semibold">
          New segment
        </h2>
        <p className="text-sm text-muted-foreground">Pick customers by what they spent, when they came and their tags. Leave a rule blank to ignore it.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <form
          noValidate
          aria-label="Segment rules"
          className="grid content-start gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const now = readRules(texts, currency);
            if (name.trim() === '') return setNameError('Name the segment');
            setNameError(null);
            if ('error' in now) return;
            create.mutate(
              { name: name.trim(), rules: now.rules },
              {
                onSuccess: (segment) => {
                  toast.success(`Segment “${segment.name}” saved: ${segment.count} ${segment.count === 1 ? 'customer' : 'customers'}`);
                  setName('');
                  setTexts(EMPTY);
                },
              },
            );
          }}
        >
          <div className="grid grid-cols-2 items-end gap-3">
            <RuleInput label="Spent at least" value={texts.minSpent} onChange={set('minSpent')} />
            <RuleInput label="Spent at most" value={texts.maxSpent} onChange={set('maxSpent')} />
            <RuleInput label="Visits at least" value={texts.minVisits} onChange={set('minVisits')} />
            <RuleInput label="Visits at most" value={texts.maxVisits} onChange={set('maxVisits')} />
            <RuleInput label="Visited in the last (days)" value={texts.lastVisitWithinDays} onChange={set('lastVisitWithinDays')} />
            <RuleInput label="No visit for (days)" value={texts.lastVisitMoreThanDays} onChange={set('lastVisitMoreThanDays')} />
            <RuleInput label="Has any of the tags" value={texts.anyTags} onChange={set('anyTags')} prefix="vip, wholesale" className="col-span-2" text />
          </div>
          {'error' in read ? <FieldError role="alert">{read.error}</FieldError> : null}
          <Field className="gap-1.5">
            <Label htmlFor="segment-name">Segment name</Label>
            <Input
              id="segment-name"
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'segment-name-error' : undefined}
            />
            <FieldError id="segment-name-error">{nameError}</FieldError>
          </Field>
          {create.error ? <ErrorAlert title="The segment was not saved" error={create.error} /> : null}
          <Button type="submit" disabled={create.isPending} className="justify-self-start">
            <SaveIcon aria-hidden="true" /> Save segment
          </Button>
        </form>
        <div className="grid min-w-0 content-start gap-3" aria-live="polite">
          {preview.isError ? (
            <ErrorAlert title="The preview could not be loaded" error={preview.error} />
          ) : preview.data ? (
            <>
              <p role="status" className="font-medium">
                {preview.data.count} {preview.data.count === 1 ? 'customer' : 'customers'} · {preview.data.reachable} reachable by e-mail
                <span className="block text-sm font-normal text-muted-foreground">{'rules' in read ? describeSegment(read.rules, money) : ''}</span>
              </p>
              {preview.data.customers.length ? (
                <div className="overflow-x-auto rounded-md border">
                  <Table aria-label="Customers in this segment">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Customer</TableHead>
                        <TableHead className="text-right">Spent</TableHead>
                        <TableHead className="text-right">Visits</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {preview.data.customers.map((customer) => (
                        <TableRow key={customer.id}>
                          <TableCell>
                            <span className="font-medium">{customer.name}</span>
                            <span className="block text-xs break-all text-muted-foreground">
                              {customer.email ?? 'No e-mail'}
                              {customer.unsubscribed ? (
                                <Badge variant="secondary" className="ml-2">
                                  Unsubscribed
                                </Badge>
                              ) : null}
                            </span>
                          </TableCell>
                          <TableCell className="text-right tabular-nums">{money(customer.total_spent)}</TableCell>
                          <TableCell className="text-right tabular-nums">{customer.order_count}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              ) : null}
              {preview.data.count > preview.data.customers.length ? (
                <p className="text-sm text-muted-foreground">The {preview.data.customers.length} biggest spenders are shown.</p>
              ) : null}
            </>
          ) : (
            <p className="text-muted-foreground">Counting customers…</p>
          )}
        </div>
      </div>
    </section>
  );
}
