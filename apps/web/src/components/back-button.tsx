import { backTarget } from '@till/core';
import { ArrowLeftIcon } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * How many entries of this app's history lead up to the current one. React Router numbers its
 * entries in history.state.idx; window.history.length also counts pages of other sites (and
 * entries after this one), so it cannot tell whether "back" stays in the app.
 */
function appHistoryLength(): number {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx >= 0 ? idx + 1 : 1;
}

/** SPEC §2: a given target, else back in history, else / on the auth or landing pages, else /dashboard. */
export function BackButton({
  to,
  label = 'Back',
  labelClassName,
  ...props
}: Omit<ButtonProps, 'onClick'> & { to?: string; label?: string; labelClassName?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Button
      variant="ghost"
      {...props}
      onClick={() => {
        const target = backTarget({ target: to, historyLength: appHistoryLength(), pathname });
        if (target.kind === 'history') void navigate(-1);
        else void navigate(target.to);
      }}
    >
      <ArrowLeftIcon aria-hidden="true" />
      <span className={labelClassName}>{label}</span>
    </Button>
  );
}
