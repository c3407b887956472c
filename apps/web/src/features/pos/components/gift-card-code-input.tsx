import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/**
 * The field a gift card's number is typed or scanned into (a scanner types the digits and Enter):
 * numeric keyboard, no autofill or spelling marks, room for spaces and dashes as printed.
 */
export function GiftCardCodeInput({ onCodeChange, ...props }: Omit<ComponentProps<typeof Input>, 'onChange'> & { onCodeChange: (text: string) => void }) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={40}
      placeholder="16 digits: type or scan"
      className="h-12 text-lg tracking-wider tabular-nums"
      onChange={(event) => onCodeChange(event.target.value)}
      {...props}
    />
  );
}
