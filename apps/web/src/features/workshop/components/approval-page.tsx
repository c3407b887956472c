import { CircleCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PhotoThumbnails } from '@/components/photo-thumbnails';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useAnswerEstimate, usePublicEstimate } from '../api/workshop';
import { CONDITION_CLASSES, CONDITION_LABELS } from './status-badge';

type Decision = 'approved' | 'declined';

/**
 * /repair-approval/:token (public, no sign-in; decision 030): the customer reads the inspection
 * and the estimate, approves or declines each job, and signs with their name. Once answered the
 * page shows the answer; it cannot be changed.
 */
export function RepairApprovalPage() {
  useDocumentTitle('Your estimate');
  const { token = '' } = useParams();
  const query = usePublicEstimate(token);
  const answer = useAnswerEstimate(token);
  const [choices, setChoices] = useState<Record<string, Decision>>({});
  const [name, setName] = useState('');

  if (query.isError) {
    return (
      <main className="mx-auto grid max-w-2xl gap-4 p-4 sm:p-8">
        <h1 className="text-2xl font-semibold">Your estimate</h1>
        <ErrorAlert title="This link cannot be used" error={query.error} />
      </main>
    );
  }
  if (!query.data) return <main className="p-8 text-muted-foreground">Loading your estimate…</main>;
  const { estimate, decision, expires_at } = query.data;
  const money = (amount: number) => formatMoney(amount, estimate.currency);
  const decided = decision ? new Map(decision.jobs.map((job) => [job.job_id, job.decision])) : null;
  const allChosen = estimate.jobs.every((job) => choices[job.id]);
  const approvedTotal = estimate.jobs.filter((job) => (decided?.get(job.id) ?? choices[job.id]) === 'approved').reduce((sum, job) => sum + job.total, 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    answer.mutate({ name, jobs: estimate.jobs.map((job) => ({ job_id: job.id, decision: choices[job.id]! })) });
  }

  return (
    <main className="mx-auto grid max-w-2xl gap-6 p-4 sm:p-8">
      <header className="grid gap-1">
        <p className="text-sm text-muted-foreground">{estimate.business_name}</p>
        <h1 className="text-2xl font-semibold">Estimate #{estimate.number} for your {estimate.vehicle.label}</h1>
        <p className="text-muted-foreground">
          {estimate.customer_name}
          {estimate.vehicle.plate ? ` · ${estimate.vehicle.plate}` : ''}
          {estimate.odometer !== null ? ` · ${estimate.odometer.toLocaleString()} on the odometer` : ''}
        </p>
        {estimate.concerns ? <p>You told us: {estimate.concerns}</p> : null}
      </header>

      {estimate.inspection.length ? (
        <section aria-labelledby="findings" className="grid gap-2">
          <h2 id="findings" className="text-lg font-semibold">
            What we found
          </h2>
          <ul className="grid gap-2">
            {estimate.inspection.map((point) => (
              <li key={point.label} className={cn('rounded-md border-l-4 p-3', point.condition ? CONDITION_CLASSES[point.condition] : '')}>
                <span className="font-medium">{point.label}</span>: {point.condition ? CONDITION_LABELS[point.condition] : 'Not checked'}
                {point.notes ? ` — ${point.notes}` : ''}
                {point.photos.length ? (
                  <div className="mt-2">
                    <PhotoThumbnails label={point.label} photos={point.photos} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <form onSubmit={submit} className="grid gap-4" aria-label="Your answer">
        <h2 className="text-lg font-semibold">Recommended work</h2>
        {estimate.jobs.map((job) => {
          const chosen = decided?.get(job.id) ?? choices[job.id];
          return (
            <fieldset key={job.id} className="grid gap-2 rounded-lg border p-4">
              <legend className="px-1 font-semibold">{job.title}</legend>
              <ul className="grid gap-1 text-sm">
                {job.lines.map((line, index) => (
                  <li key={index} className="flex justify-between gap-2">
                    <span>
                      {line.kind === 'labour' ? `Labour: ${line.description} (${line.hours} h)` : `${line.quantity} × ${line.description}`}
                    </span>
                    <span className="tabular-nums">{money(line.amount)}</span>
                  </li>
                ))}
              </ul>
              <p className="text-right text-sm">
                Tax {money(job.tax)} · <strong>{money(job.total)}</strong>
              </p>
              {decided ? (
                <p className={cn('font-medium', chosen === 'approved' ? 'text-green-800' : 'text-red-800')}>{chosen === 'approved' ? 'You approved this job' : 'You declined this job'}</p>
              ) : (
                <div role="radiogroup" aria-label={`Your answer for ${job.title}`} className="flex flex-wrap gap-2">
                  {(['approved', 'declined'] as const).map((option) => (
                    <label key={option} className={cn('flex h-11 cursor-pointer items-center gap-2 rounded-md border px-4', chosen === option ? (option === 'approved' ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50') : '')}>
                      <input type="radio" name={`job-${job.id}`} value={option} checked={chosen === option} onChange={() => setChoices((current) => ({ ...current, [job.id]: option }))} />
                      {option === 'approved' ? 'Approve' : 'Decline'}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          );
        })}
        <p className="text-right">
          Estimate total {money(estimate.totals.total)}
          {decided || Object.keys(choices).length ? (
            <>
              {' '}
              · <strong>Approved work {money(approvedTotal)}</strong>
            </>
          ) : null}
        </p>

        {decision ? (
          <p role="status" className="flex items-center gap-2 rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
            <CircleCheckIcon aria-hidden="true" className="size-5" />
            Thank you, {decision.customer_name}. Your answer was sent to {estimate.business_name} on {new Date(decision.decided_at).toLocaleString()}.
          </p>
        ) : (
          <>
            <Field>
              <Label htmlFor="approval-name">Type your full name to sign</Label>
              <Input id="approval-name" value={name} required minLength={2} autoComplete="name" onChange={(event) => setName(event.target.value)} />
            </Field>
            {answer.isError ? <ErrorAlert error={answer.error} /> : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={!allChosen || name.trim().length < 2 || answer.isPending}>
                Send my answer
              </Button>
              <span className="text-sm text-muted-foreground">Answer every job. The link works until {new Date(expires_at).toLocaleString()}.</span>
            </div>
          </>
        )}
      </form>
    </main>
  );
}
