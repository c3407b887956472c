import { useId, useRef, type KeyboardEvent } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { AuthResponse, SignInResponse } from '../api/types';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthMode = 'signin' | 'signup';

const TABS: { mode: AuthMode; label: string }[] = [
  { mode: 'signin', label: 'Sign in' },
  { mode: 'signup', label: 'Sign up' },
];

interface AuthScreenProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: (response: SignInResponse) => void;
  onSignedUp: (response: AuthResponse) => void;
}

/** Sign in and sign up on one card, switched by an ARIA tab list. */
export function AuthScreen({ mode, onModeChange, onSignedIn, onSignedUp }: AuthScreenProps) {
  const id = useId();
  const tabRefs = useRef<Record<AuthMode, HTMLButtonElement | null>>({ signin: null, signup: null });
  const tabId = (tab: AuthMode) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    event.preventDefault();
    const index = TABS.findIndex((tab) => tab.mode === mode);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    const target = TABS[next];
    if (!target) return;
    onModeChange(target.mode);
    tabRefs.current[target.mode]?.focus();
  };

  return (
    <Card className="gap-5">
      <CardContent>
        <div role="tablist" aria-label="Sign in or sign up" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {TABS.map((tab) => {
            const selected = tab.mode === mode;
            return (
              <button
                key={tab.mode}
                ref={(element) => {
                  tabRefs.current[tab.mode] = element;
                }}
                id={tabId(tab.mode)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onClick={() => onModeChange(tab.mode)}
                onKeyDown={onTabKeyDown}
                className={cn(
                  'min-h-11 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </CardContent>
      <CardContent id={panelId} role="tabpanel" aria-labelledby={tabId(mode)}>
        {mode === 'signin' ? <SignInForm onSuccess={onSignedIn} /> : <SignUpForm onSuccess={onSignedUp} />}
      </CardContent>
    </Card>
  );
}
