import { Link, useSearchParams } from 'react-router';
import { MarketingPage } from '@/features/marketing/components/marketing-page';
import { GiftCardsList } from '@/features/loyalty/components/gift-cards-list';
import { LoyaltySettingsCard } from '@/features/loyalty/components/loyalty-settings-card';
import { PromotionsPage } from '@/features/promotions/components/promotions-page';
import { cn } from '@/lib/utils';
import { useSignedIn } from '../protected-layout';

/**
 * /marketing (SPEC §2): what brings customers back. Campaigns to a segment (decision 051), and,
 * while promotions_pricing is on, the promotions the till applies by itself (decision 050) at
 * /marketing?tab=promotions.
 */
export function MarketingRoute() {
  const me = useSignedIn();
  const [params] = useSearchParams();
  const promotionsOn = Boolean(me.settings.enabled_features.promotions_pricing);
  const loyaltyOn = Boolean(me.settings.enabled_features.loyalty_program);
  const wanted = params.get('tab');
  const tab = promotionsOn && wanted === 'promotions' ? 'promotions' : loyaltyOn && wanted === 'loyalty' ? 'loyalty' : 'campaigns';
  const tabs = [
    { id: 'campaigns', label: 'Campaigns', to: '/marketing' },
    ...(promotionsOn ? [{ id: 'promotions', label: 'Promotions', to: '/marketing?tab=promotions' }] : []),
    ...(loyaltyOn ? [{ id: 'loyalty', label: 'Loyalty and gift cards', to: '/marketing?tab=loyalty' }] : []),
  ];
  return (
    <div className="grid gap-4">
      {tabs.length > 1 ? (
        <nav aria-label="Marketing" className="flex gap-1 border-b">
          {tabs.map((item) => (
            <Link
              key={item.id}
              to={item.to}
              aria-current={item.id === tab ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium sm:min-h-9',
                item.id === tab ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {tab === 'promotions' ? (
        <PromotionsPage />
      ) : tab === 'loyalty' ? (
        <div className="grid max-w-3xl gap-6">
          <LoyaltySettingsCard />
          <GiftCardsList />
        </div>
      ) : (
        <MarketingPage />
      )}
    </div>
  );
}
