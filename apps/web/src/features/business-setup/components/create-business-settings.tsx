import { MESSAGES } from '@till/core';
import { useEffect, useRef } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { useEnsureBusinessSettings } from '../api/ensure-business-settings';

/**
 * Shown while a signed-in account has no business settings: creates the defaults once, then
 * the reloaded settings replace this screen.
 */
export function CreateBusinessSettings() {
  const ensureSettings = useEnsureBusinessSettings();
  const { mutate } = ensureSettings;
  // Once per mount, also under StrictMode's double effects.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (ensureSettings.isError) {
    return (
      <div className="mx-auto grid w-full max-w-md gap-4 py-10">
        <ErrorAlert title={MESSAGES.createSettingsFailed} error={ensureSettings.error} />
        <Button variant="outline" onClick={() => mutate()} className="justify-self-start">
          Try again
        </Button>
      </div>
    );
  }

  return <LoadingScreen />;
}
