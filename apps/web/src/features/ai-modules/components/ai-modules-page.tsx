import { ArrowRightIcon, BoxesIcon, ChartLineIcon, RefreshCwIcon, ShoppingBasketIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAiModules, useAiTraining, useTrainAiModules, type AiNightlyTraining, type AiTrainingJob, type ModuleKey } from '../api/ai-modules';
import { formatComputedAt } from '../utils/format';
import { ModuleState } from './shared';

const ABOUT: Record<ModuleKey, { icon: typeof ChartLineIcon; text: string }> = {
  sales_prediction: { icon: ChartLineIcon, text: 'Daily net sales for the next four weeks, with how far off the forecasts have been on your own past weeks.' },
  stock_forecast: { icon: BoxesIcon, text: 'When each product will run out at its current pace, and how much to reorder given the supplier’s lead time.' },
  product_recommendation: { icon: ShoppingBasketIcon, text: 'Products your customers buy together: ideas for bundles, shelf placement and what to offer at the till.' },
  customer_footpath: { icon: UsersIcon, text: 'How customers move from a first visit to coming back, and who is slipping away.' },
};

const STATUS: Record<AiTrainingJob['status'], string> = { queued: 'Queued', running: 'Training…', done: 'Trained', failed: 'Failed' };

/** The nightly schedule (decision 061): the window on the business's clocks, the last nightly run and the next. */
function NightlySchedule({ nightly }: { nightly: AiNightlyTraining }) {
  if (!nightly.on) return <p className="text-muted-foreground">Nightly training is off while Reporting &amp; Analytics is off in Settings.</p>;
  const last = nightly.last;
  const lastText =
    last === null
      ? 'none yet'
      : last.status === 'done' && last.finished_at
        ? `${formatComputedAt(last.finished_at)}${last.started_at ? `, in ${((Date.parse(last.finished_at) - Date.parse(last.started_at)) / 1000).toFixed(1)} s` : ''}`
        : last.status === 'failed'
          ? `failed${last.error ? `: ${last.error}` : ''}`
          : STATUS[last.status].toLowerCase();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-muted-foreground">
      <dt>Every night</dt>
      <dd className="text-foreground">
        between {nightly.window_start} and {nightly.window_end} ({nightly.time_zone})
      </dd>
      <dt>Last nightly run</dt>
      <dd className="text-foreground">{lastText}</dd>
      {nightly.next_at ? (
        <>
          <dt>Next</dt>
          <dd className="text-foreground">{formatComputedAt(nightly.next_at)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The newest training job and "Train now": training runs in the background, sales carry on. */
function TrainingPanel() {
  const training = useAiTraining();
  const train = useTrainAiModules();
  const job = training.data?.job ?? null;
  const active = job?.status === 'queued' || job?.status === 'running';
  return (
    <section aria-labelledby="ai-training" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 text-sm">
      <div className="grid gap-1">
        <h2 id="ai-training" className="font-medium">
          Training
        </h2>
        <p role="status" className="text-muted-foreground">
          {job === null
            ? 'The modules train every night, when a page is first opened after new sales, or now, in the background.'
            : job.status === 'done' && job.finished_at
              ? `Trained ${formatComputedAt(job.finished_at)}${job.started_at ? ` in ${((Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000).toFixed(1)} s` : ''}.`
              : job.status === 'failed'
                ? `The last training failed${job.error ? `: ${job.error}` : ''}.`
                : `${STATUS[job.status]} since ${formatComputedAt(job.started_at ?? job.requested_at)}: the till keeps selling meanwhile.`}
        </p>
        {training.data ? <NightlySchedule nightly={training.data.nightly} /> : null}
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={active || train.isPending}
        onClick={() => train.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
      >
        <RefreshCwIcon aria-hidden="true" className={active ? 'animate-spin' : undefined} />
        {active ? STATUS[job.status] : 'Train now'}
      </Button>
    </section>
  );
}

/** /ai-modules: each AI module with its status, when it last ran and its accuracy. */
export function AiModulesPage() {
  const hub = useAiModules();
  return (
    <div className="grid gap-6">
      <PageHeader title="AI Modules" description="Forecasts and patterns worked out from your own sales, on our server: no outside AI service sees your data." />
      <TrainingPanel />
      <ModuleState query={hub} label="The AI modules" />
      {hub.data ? (
        <div className="grid gap-4 md:grid-cols-2">
          {hub.data.modules.map((module) => {
            const about = ABOUT[module.key];
            const Icon = about.icon;
            return (
              <Card key={module.key} role="region" className="gap-3" aria-labelledby={`module-${module.key}`}>
                <CardHeader className="flex flex-row items-start justify-between gap-3">
                  <div className="grid gap-1.5">
                    <CardTitle id={`module-${module.key}`} className="flex items-center gap-2">
                      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                      {module.title}
                    </CardTitle>
                    <CardDescription>{about.text}</CardDescription>
                  </div>
                  <Badge variant={module.enough_history ? 'success' : 'warning'}>{module.enough_history ? 'Ready' : 'Needs more history'}</Badge>
                </CardHeader>
                <CardContent className="grid gap-3 text-sm">
                  {module.enough_history ? <p>{module.summary}</p> : <p className="font-medium">{module.need}</p>}
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-muted-foreground">
                    <dt>Last computed</dt>
                    <dd className="text-foreground">{formatComputedAt(module.computed_at)}</dd>
                    {module.accuracy ? (
                      <>
                        <dt>Accuracy</dt>
                        <dd className="text-foreground">
                          {module.accuracy.mape === null ? 'No day with sales to score' : `Off by ${module.accuracy.mape.toFixed(1)} % a day on average (MAPE)`}
                          {module.accuracy.mase !== null ? `, MASE ${module.accuracy.mase.toFixed(2)}` : ''} over {module.accuracy.held_out_days} held-out days
                        </dd>
                      </>
                    ) : module.key === 'sales_prediction' ? (
                      <>
                        <dt>Accuracy</dt>
                        <dd className="text-foreground">Measured once there are enough weeks to hold some back</dd>
                      </>
                    ) : null}
                  </dl>
                  <Link to={module.path} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                    Open {module.title.toLowerCase()}
                    <ArrowRightIcon aria-hidden="true" className="size-4" />
                  </Link>
                </CardContent>
              </Card>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
