import { FEATURE_FLAG_MODE_LABELS, FEATURE_FLAG_MODES, type FeatureFlagMode } from '@till/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { FEATURE_LABELS } from '@/lib/feature-labels';
import { useFeatureFlags, usePlatformBusinesses, useSetFeatureFlag, type FeatureFlag, type PlatformBusiness } from '../api/feature-flags';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:w-56 sm:text-sm';

function ChooseBusinesses({ flag, businesses, onCancel }: { flag: FeatureFlag; businesses: PlatformBusiness[]; onCancel: () => void }) {
  const [chosen, setChosen] = useState<string[]>(flag.businesses.map((business) => business.id));
  const set = useSetFeatureFlag();
  return (
    <fieldset className="grid gap-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">On for these businesses</legend>
      <div className="grid max-h-56 gap-1 overflow-y-auto">
        {businesses.map((business) => (
          <label key={business.id} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.includes(business.id)}
              onChange={(event) => setChosen(event.target.checked ? [...chosen, business.id] : chosen.filter((id) => id !== business.id))}
            />
            {business.name}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="default"
          disabled={chosen.length === 0 || set.isPending}
          onClick={() =>
            set.mutate(
              { feature: flag.feature, mode: 'selected', businessIds: chosen },
              { onSuccess: () => { toast.success(`${FEATURE_LABELS[flag.feature]}: on for ${chosen.length} ${chosen.length === 1 ? 'business' : 'businesses'}`); onCancel(); }, onError: (error) => toast.error(errorMessage(error)) },
            )
          }
        >
          Save businesses
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

function FlagRow({ flag, businesses }: { flag: FeatureFlag; businesses: PlatformBusiness[] }) {
  const set = useSetFeatureFlag();
  const [choosing, setChoosing] = useState(false);
  const change = (mode: FeatureFlagMode) => {
    if (mode === 'selected') {
      setChoosing(true);
      return;
    }
    setChoosing(false);
    set.mutate({ feature: flag.feature, mode }, { onSuccess: () => toast.success(`${FEATURE_LABELS[flag.feature]}: ${FEATURE_FLAG_MODE_LABELS[mode].toLowerCase()}`), onError: (error) => toast.error(errorMessage(error)) });
  };
  return (
    <li className="grid gap-2 border-b py-3 last:border-b-0" data-testid={`flag-${flag.feature}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0">
          <span className="font-medium">{FEATURE_LABELS[flag.feature]}</span>
          <span className="text-sm text-muted-foreground">
            <code>{flag.feature}</code>
            {flag.mode === 'selected' ? ` · on for ${flag.businesses.map((business) => business.name).join(', ')}` : null}
          </span>
        </div>
        <div className="flex items-center gap-2">
          {flag.mode === 'off' ? <Badge variant="destructive">Off everywhere</Badge> : flag.mode === 'on' ? <Badge variant="success">On everywhere</Badge> : null}
          <select className={selectClass} aria-label={`Switch for ${FEATURE_LABELS[flag.feature]}`} value={choosing ? 'selected' : flag.mode} disabled={set.isPending} onChange={(event) => change(event.target.value as FeatureFlagMode)}>
            {FEATURE_FLAG_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {FEATURE_FLAG_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {choosing ? <ChooseBusinesses flag={flag} businesses={businesses} onCancel={() => setChoosing(false)} /> : null}
    </li>
  );
}

/** /superadmin/feature-flags: a platform-wide switch for each SPEC §3 feature. */
export function FeatureFlagsPage() {
  const flags = useFeatureFlags();
  const businesses = usePlatformBusinesses();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Feature Flags"
        description="Switch a feature for the whole platform. “Business decides” keeps each business's own setting; the others override it on every business's menus and server."
      />
      {flags.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading switches...
        </p>
      ) : flags.isError ? (
        <ErrorAlert title="The switches could not be loaded" error={flags.error} />
      ) : (
        <ul className="grid max-w-4xl" aria-label="Feature switches">
          {flags.data.map((flag) => (
            <FlagRow key={flag.feature} flag={flag} businesses={businesses.data ?? []} />
          ))}
        </ul>
      )}
    </div>
  );
}
