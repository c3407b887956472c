import { describePlanLimit, PLAN_LIMIT_RESOURCES } from '@till/core';
import { CheckIcon } from 'lucide-react';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FEATURE_LABELS } from '@/lib/feature-labels';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { usePublicPlans, useSubscription } from '../api/plans';

/** /pricing (SPEC §2: no guard): the plans on offer, for visitors and owners alike. */
export function PricingPage() {
  const plans = usePublicPlans();
  const me = useMe();
  const signedIn = Boolean(me.data?.user && me.data.business);
  const subscription = useSubscription(signedIn);
  const current = subscription.data?.plan?.id ?? null;
  return (
    <div className="grid gap-6">
      <PageHeader title="Pricing" description="The plans for Till and what each one includes. Prices are per business, per month." />
      {plans.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading plans...
        </p>
      ) : plans.isError ? (
        <ErrorAlert title="The plans could not be loaded" error={plans.error} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Plans">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <Card className="h-full" data-testid="plan-card">
                <CardHeader>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle as="h2">{plan.name}</CardTitle>
                    {current === plan.id ? <Badge>Your plan</Badge> : null}
                  </div>
                  <CardDescription>{plan.description}</CardDescription>
                  <p className="text-3xl font-semibold">
                    {formatMoney(plan.monthly_price, plan.currency)}
                    <span className="text-base font-normal text-muted-foreground"> / month</span>
                  </p>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <ul className="grid gap-1 text-sm" aria-label={`${plan.name} limits`}>
                    {PLAN_LIMIT_RESOURCES.map((resource) => (
                      <li key={resource} className="font-medium">
                        {describePlanLimit(resource, plan.limits[resource])}
                      </li>
                    ))}
                  </ul>
                  <ul className="grid gap-1 text-sm" aria-label={`${plan.name} features`}>
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex items-center gap-2">
                        <CheckIcon aria-hidden="true" className="size-4 text-primary" />
                        {FEATURE_LABELS[feature]}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted-foreground">To change plans, contact the platform administrator through the Help Center.</p>
    </div>
  );
}
