import { useState } from 'react';

/** Per-screen choices, kept on the device: the view, the sound, how soon served tickets clear. */
export interface DisplaySettings {
  muted: boolean;
  clearAfterSeconds: number;
}

const KEY = 'till.kitchen-display';
const DEFAULTS: DisplaySettings = { muted: false, clearAfterSeconds: 60 };
export const CLEAR_AFTER_CHOICES = [10, 30, 60, 300, 900] as const;

function read(): DisplaySettings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<DisplaySettings>;
    return {
      muted: typeof raw.muted === 'boolean' ? raw.muted : DEFAULTS.muted,
      clearAfterSeconds: CLEAR_AFTER_CHOICES.includes(raw.clearAfterSeconds as never) ? raw.clearAfterSeconds! : DEFAULTS.clearAfterSeconds,
    };
  } catch {
    return DEFAULTS;
  }
}

export function useDisplaySettings(): [DisplaySettings, (changes: Partial<DisplaySettings>) => void] {
  const [settings, setSettings] = useState(read);
  const update = (changes: Partial<DisplaySettings>) =>
    setSettings((current) => {
      const next = { ...current, ...changes };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Private mode: the choice lasts for this visit.
      }
      return next;
    });
  return [settings, update];
}
