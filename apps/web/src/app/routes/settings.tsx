import { BrandColor } from '@/features/branding/components/brand-color';
import { BusinessBrandingCard } from '@/features/branding/components/business-branding-card';
import { ChatbotSettingsCard } from '@/features/chatbot/components/chatbot-settings-card';
import { PlanUsageCard } from '@/features/plans/components/plan-usage-card';
import { TillsCard } from '@/features/registers/components/tills-card';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { AccountCard } from '@/features/auth/components/account-card';
import { BusinessSsoCard } from '@/features/auth/components/business-sso-card';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { useMe } from '@/lib/me';

export function SettingsRoute() {
  const me = useMe();
  return (
    <div className="grid gap-6">
      <BrandColor />
      <SettingsPage />
      {me.data?.user ? (
        <section aria-label="Brand and receipts" className="max-w-3xl">
          <BusinessBrandingCard />
        </section>
      ) : null}
      {me.data?.user ? (
        <section aria-label="Plan" className="max-w-3xl">
          <PlanUsageCard />
        </section>
      ) : null}
      {me.data?.user ? (
        <section aria-label="Your account" className="max-w-3xl">
          <AccountCard />
        </section>
      ) : null}
      {me.data?.user ? (
        <section aria-label="Sign-in security" className="max-w-3xl">
          <TwoFactorCard isBusinessOwner={me.data.is_business_owner} />
        </section>
      ) : null}
      {me.data?.user ? (
        <section aria-label="Single sign-on" className="max-w-3xl">
          <BusinessSsoCard />
        </section>
      ) : null}
      {me.data?.user ? (
        <section aria-label="Sessions" className="max-w-3xl">
          <SessionsCard />
        </section>
      ) : null}
      <section aria-label="Tills" className="max-w-3xl">
        <TillsCard onAccount={Boolean(me.data?.user)} />
      </section>
      {me.data?.user ? (
        <section aria-label="Chat widget">
          <ChatbotSettingsCard />
        </section>
      ) : null}
    </div>
  );
}
