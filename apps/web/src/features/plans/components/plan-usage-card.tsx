import { describePlanLimit, PLAN_LIMIT_LABELS, PLAN_LIMIT_RESOURCES, planUsagePercent } from '@till/core';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatMoney } from '@/lib/money';
import { useSubscription } from '../api/plans';

/** Settings: the business's plan and its use of each limit. */
export function PlanUsageCard() {
  const subscription = useSubscription(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your plan</CardTitle>
        <CardDescription>
          What your plan includes and how much of it you use. <Link to="/pricing" className="underline underline-offset-4">Compare plans</Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {subscription.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading your plan...
          </p>
        ) : subscription.isError ? (
          <ErrorAlert title="Your plan could not be loaded" error={subscription.error} />
        ) : subscription.data.plan ? (
          <div className="grid gap-4">
            <p className="text-lg font-semibold" data-testid="current-plan">
              {subscription.data.plan.name}
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                {subscription.data.plan.monthly_price === 0 ? 'Free' : `${formatMoney(subscription.data.plan.monthly_price, subscription.data.plan.currency)} a month`}
              </span>
            </p>
            <dl className="grid gap-3 sm:grid-cols-2">
              {PLAN_LIMIT_RESOURCES.map((resource) => {
                const used = subscription.data.usage[resource];
                const limit = subscription.data.plan!.limits[resource];
                const percent = planUsagePercent(used, limit);
                return (
                  <div key={resource} className="grid gap-1">
                    <dt className="text-sm text-muted-foreground capitalize">{PLAN_LIMIT_LABELS[resource].many}</dt>
                    <dd className="text-sm font-medium">
                      {limit === null ? `${used.toLocaleString()} in use · ${describePlanLimit(resource, null).toLowerCase()}` : `${used.toLocaleString()} of ${limit.toLocaleString()} used`}
                    </dd>
                    {percent === null ? null : <Progress value={percent} label={`${PLAN_LIMIT_LABELS[resource].many} used`} />}
                  </div>
                );
              })}
            </dl>
          </div>
        ) : (
          <p className="text-muted-foreground">No plan is set up on this platform.</p>
        )}
      </CardContent>
    </Card>
  );
}
