import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useLoyaltySettings, useSaveLoyaltySettings, type LoyaltySettingsAnswer } from '../api/loyalty';

type TierDraft = { name: string; minSpend: string; multiplier: string };
interface Draft {
  spendPerPoint: string;
  pointValue: string;
  tiers: TierDraft[];
}

const toDraft = ({ settings, currency }: LoyaltySettingsAnswer): Draft => ({
  spendPerPoint: minorToDecimalText(settings.spend_per_point, currency),
  pointValue: minorToDecimalText(settings.point_value, currency),
  tiers: settings.tiers.map((tier) => ({ name: tier.name, minSpend: minorToDecimalText(tier.min_spend, currency), multiplier: String(tier.multiplier_basis_points / 10_000) })),
});

/** The loyalty rules (decision 064): what earns a point, what a point pays, the tiers. SPEC §6 can_change_settings saves them. */
export function LoyaltySettingsCard() {
  const query = useLoyaltySettings();
  const save = useSaveLoyaltySettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && !draft) setDraft(toDraft(query.data));
  }, [query.data, draft]);

  if (query.isPending) return <p role="status" className="text-muted-foreground">Loading loyalty rules...</p>;
  if (query.isError) return <ErrorAlert title="The loyalty rules could not be loaded" error={query.error} className="max-w-lg" />;
  if (!draft) return null;
  const currency = query.data.currency;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const spend = parseMoneyText(draft.spendPerPoint, currency);
    const value = parseMoneyText(draft.pointValue, currency);
    if (!spend.ok || spend.amount < 1) return setProblem('Enter the spend that earns one point');
    if (!value.ok || value.amount < 1) return setProblem('Enter what one point pays');
    const tiers = [];
    for (const tier of draft.tiers) {
      const min = parseMoneyText(tier.minSpend || '0', currency);
      const multiplier = Number(tier.multiplier);
      if (!tier.name.trim()) return setProblem('Each tier needs a name');
      if (!min.ok) return setProblem(`${tier.name}: ${min.message}`);
      if (!Number.isFinite(multiplier) || multiplier < 0 || multiplier > 10) return setProblem(`${tier.name}: the multiplier is a number such as 1.5`);
      tiers.push({ name: tier.name.trim(), min_spend: min.amount, multiplier_basis_points: Math.round(multiplier * 10_000) });
    }
    setProblem(null);
    save.mutate(
      { spend_per_point: spend.amount, point_value: value.amount, tiers },
      { onSuccess: (saved) => { setDraft(toDraft(saved)); toast.success('Loyalty rules saved'); }, onError: (error) => setProblem(errorMessage(error)) },
    );
  };
  const setTier = (index: number, change: Partial<TierDraft>) =>
    setDraft({ ...draft, tiers: draft.tiers.map((tier, at) => (at === index ? { ...tier, ...change } : tier)) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Loyalty points</CardTitle>
        <CardDescription>Customers attached to a sale earn points on what they spend and pay with them at the till.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Loyalty rules">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="loyalty-spend">Spend that earns one point ({currency})</Label>
              <Input id="loyalty-spend" inputMode="decimal" value={draft.spendPerPoint} onChange={(event) => setDraft({ ...draft, spendPerPoint: event.target.value })} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="loyalty-value">What one point pays ({currency})</Label>
              <Input id="loyalty-value" inputMode="decimal" value={draft.pointValue} onChange={(event) => setDraft({ ...draft, pointValue: event.target.value })} />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Tiers, by lifetime spend (the first starts at 0)</legend>
            {draft.tiers.map((tier, index) => (
              <div key={index} className="grid grid-cols-[1fr_1fr_5rem_auto] items-end gap-2">
                <div className="grid gap-1">
                  <Label htmlFor={`tier-name-${index}`} className="text-xs">Name</Label>
                  <Input id={`tier-name-${index}`} value={tier.name} onChange={(event) => setTier(index, { name: event.target.value })} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`tier-spend-${index}`} className="text-xs">From ({currency})</Label>
                  <Input id={`tier-spend-${index}`} inputMode="decimal" value={tier.minSpend} onChange={(event) => setTier(index, { minSpend: event.target.value })} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`tier-mult-${index}`} className="text-xs">Points ×</Label>
                  <Input id={`tier-mult-${index}`} inputMode="decimal" value={tier.multiplier} onChange={(event) => setTier(index, { multiplier: event.target.value })} />
                </div>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${tier.name || 'tier'}`} onClick={() => setDraft({ ...draft, tiers: draft.tiers.filter((_, at) => at !== index) })}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={draft.tiers.length >= 10}
              onClick={() => setDraft({ ...draft, tiers: [...draft.tiers, { name: '', minSpend: draft.tiers.length ? '' : '0', multiplier: '1' }] })}
            >
              <PlusIcon aria-hidden="true" />
              Add a tier
            </Button>
          </fieldset>
          {problem ? <p role="alert" className="text-sm text-destructive">{problem}</p> : null}
          <Button type="submit" disabled={save.isPending} className="justify-self-start">
            {save.isPending ? 'Saving...' : 'Save loyalty rules'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
