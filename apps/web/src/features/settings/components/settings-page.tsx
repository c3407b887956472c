import { MESSAGES } from '@till/core';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useBusinessSettings } from '../api/get-business-settings';
import { SettingsForm } from './settings-form';

/** /settings: the business's details, employee sign-in and feature switches. */
export function SettingsPage() {
  const settings = useBusinessSettings();
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" description="Your business, how employees sign in, and which features are switched on." />
      {settings.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading settings...
        </p>
      ) : settings.isError ? (
        <div className="grid max-w-lg gap-4">
          <ErrorAlert title={MESSAGES.fetchSettingsFailed} error={settings.error} />
          <Button variant="outline" onClick={() => void settings.refetch()} disabled={settings.isFetching} className="justify-self-start">
            {settings.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </div>
  );
}
