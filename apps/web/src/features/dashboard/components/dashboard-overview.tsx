import { FEATURE_NAMES, setupState, type SetupState, type SidebarGroup } from '@till/core';
import { ChevronRightIcon, CircleCheckIcon, CircleDashedIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { industryLabel } from '@/lib/industries';
import type { BusinessSettings, MeBusiness, MeProfile, MeUser } from '@/lib/me';
import { FEATURE_LABELS } from '@/lib/feature-labels';

interface DashboardOverviewProps {
  /** Null on a paired till: an employee is signed in there, no account. */
  user: MeUser | null;
  tillName?: string | null;
  profile: MeProfile | null;
  business: MeBusiness | null;
  settings: BusinessSettings;
  /** The sidebar's groups for this business: every area that is switched on. */
  areas: SidebarGroup[];
  /** Who is greeted when it is not the account holder (an employee signed in with their PIN). */
  greetingName?: string | null;
  /** The first-run checklist, composed in by the route (features do not import each other). */
  firstRun?: ReactNode;
  /** Today's figures, low stock and recent sales (issue 15), first on the page. */
  today?: ReactNode;
}

const SETUP_SUMMARY: Record<SetupState, string> = {
  needs_settings: 'Business settings have not been created yet.',
  needs_owner: 'A business owner still needs to be assigned.',
  incomplete: 'Setup is not complete: employee authentication is turned off.',
  complete: 'Setup is complete.',
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function SetupFlag({ label, on, onText, offText }: { label: string; on: boolean; onText: string; offText: string }) {
  const Icon = on ? CircleCheckIcon : CircleDashedIcon;
  return (
    <li className="flex items-start gap-3">
      <Icon aria-hidden="true" className={on ? 'mt-0.5 size-5 text-success' : 'mt-0.5 size-5 text-muted-foreground'} />
      <div>
        <p className="text-sm font-medium">{label}</p>
        <p className="text-sm text-muted-foreground">{on ? onText : offText}</p>
      </div>
    </li>
  );
}

/** What the signed-in account's business looks like: its details, setup and switched-on features. */
export function DashboardOverview({ user, tillName, profile, business, settings, areas, greetingName: greetingOverride, firstRun, today }: DashboardOverviewProps) {
  const enabled = FEATURE_NAMES.filter((name) => settings.enabled_features[name]);
  const name = settings.business_name || business?.name || profile?.business_name || 'Your business';
  const greetingName = greetingOverride || profile?.full_name || user?.name;
  const state = setupState(settings);

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="text-muted-foreground">
          {greetingName ? `Welcome, ${greetingName}. ` : null}
          This is {name}.
        </p>
      </div>

      {today}

      {firstRun}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Business</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3">
              <Detail term="Name">{name}</Detail>
              <Detail term="Industry">{industryLabel(profile?.industry)}</Detail>
              {business ? (
                <>
                  <Detail term="Currency">{business.currency}</Detail>
                  <Detail term="Time zone">{business.time_zone}</Detail>
                </>
              ) : null}
              <Detail term="Signed in as">
                {user ? (user.email ?? user.phone_number ?? user.name ?? user.id) : `${greetingName ?? 'Staff'} on ${tillName ?? 'this till'}`}
              </Detail>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Setup</CardTitle>
            <CardDescription>{SETUP_SUMMARY[state]}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-4">
              <SetupFlag
                label="Business owner"
                on={settings.has_business_owner}
                onText="Assigned"
                offText="Not assigned"
              />
              <SetupFlag
                label="Employee authentication"
                on={settings.authentication_enabled}
                onText="Enabled: employees sign in before using the till"
                offText="Disabled"
              />
            </ul>
          </CardContent>
        </Card>
      </div>

      {areas.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Your areas</CardTitle>
            <CardDescription>Where to go next, for the features switched on.</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {areas.map((group) => (
                <section key={group.id} aria-labelledby={`area-${group.id}`} className="grid content-start gap-2">
                  <h3 id={`area-${group.id}`} className="text-sm font-semibold">
                    {group.label}
                  </h3>
                  <ul className="grid gap-1">
                    {group.items.map((item) => (
                      <li key={`${item.to}-${item.label}`}>
                        <Link
                          to={item.to}
                          className="flex min-h-11 items-center justify-between gap-2 rounded-md border px-3 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        >
                          {item.label}
                          <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Enabled features</CardTitle>
          <CardDescription>
            {enabled.length} of {FEATURE_NAMES.length} features are switched on for this business.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {enabled.length === 0 ? (
            <p className="text-sm text-muted-foreground">No features are switched on yet.</p>
          ) : (
            <ul aria-label="Enabled features" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
              {enabled.map((feature) => (
                <li key={feature} className="flex min-h-11 flex-col justify-center rounded-md border px-3 py-2">
                  <span className="text-sm font-medium">{FEATURE_LABELS[feature]}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
