import type { EnabledFeatures } from '@till/core';
import { CircleCheckIcon, CircleDashedIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api-client';
import { useOnboardingChecklist } from '../api/get-onboarding-checklist';
import { useSwitchOnFeatures } from '../api/switch-on-features';
import { checklistStepCopy, type StepAction } from '../utils/checklist-steps';

/** Long labels wrap on a phone rather than push the card past the screen. */
const WRAPPING = 'h-auto min-h-11 max-w-full whitespace-normal text-left';

function ActionButton({ action, primary }: { action: StepAction; primary: boolean }) {
  const switchOn = useSwitchOnFeatures();
  if (action.kind === 'link') {
    return (
      <Button asChild variant={primary ? 'default' : 'outline'} className={WRAPPING}>
        <Link to={action.to}>{action.label}</Link>
      </Button>
    );
  }
  return (
    <Button
      variant={primary ? 'default' : 'outline'}
      className={WRAPPING}
      disabled={switchOn.isPending}
      onClick={() =>
        switchOn.mutate(
          { features: action.features ?? [], then: action.to },
          { onError: (error) => toast.error('The feature was not switched on', { description: errorMessage(error) }) },
        )
      }
    >
      {switchOn.isPending ? 'Switching on...' : action.label}
    </Button>
  );
}

/**
 * The dashboard's first-run checklist (issue 10 item 8) for whoever sets the business up. It
 * disappears once every step is done; for anyone the server refuses it to, it never shows.
 */
export function FirstRunChecklist({ features, canSetUp }: { features: EnabledFeatures; canSetUp: boolean }) {
  const checklist = useOnboardingChecklist(canSetUp);
  if (!canSetUp || !checklist.data || checklist.data.complete) return null;
  const steps = checklist.data.steps;
  const doneCount = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done)?.key;
  return (
    <Card aria-labelledby="first-run-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="first-run-title" as="h2">
          Get ready to sell
        </CardTitle>
        <CardDescription>
          {doneCount} of {steps.length} done. This list goes away once everything is ticked off.
        </CardDescription>
        <Progress value={(doneCount / steps.length) * 100} label={`${doneCount} of ${steps.length} steps done`} className="mt-2" />
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3" aria-label="First steps">
          {steps.map((step) => {
            const copy = checklistStepCopy(step.key, features);
            const Icon = step.done ? CircleCheckIcon : CircleDashedIcon;
            return (
              <li key={step.key} className="flex flex-wrap items-start gap-3 rounded-lg border p-3 sm:flex-nowrap">
                <Icon aria-hidden="true" className={step.done ? 'mt-0.5 size-5 shrink-0 text-success' : 'mt-0.5 size-5 shrink-0 text-muted-foreground'} />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="text-sm font-medium">
                    {copy.title}
                    <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">{copy.description}</p>
                </div>
                {step.done ? (
                  <span className="text-sm text-muted-foreground sm:self-center">Done</span>
                ) : (
                  <div className="flex w-full min-w-0 flex-wrap gap-2 pl-8 sm:w-auto sm:pl-0">
                    {copy.actions.map((action, index) => (
                      <ActionButton key={action.label} action={action} primary={step.key === next && index === 0} />
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
