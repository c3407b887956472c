import { LogOutIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSignOut } from '../api/sign-out';

/** Ends this browser's session (scope local) and hands over to `onSignedOut`. */
export function SignOutButton({ onSignedOut, ...props }: Omit<ButtonProps, 'onClick'> & { onSignedOut: () => void }) {
  const signOut = useSignOut();
  return (
    <Button
      variant="outline"
      {...props}
      disabled={signOut.isPending || props.disabled}
      onClick={() =>
        signOut.mutate('local', {
          onSuccess: () => {
            toast.success('Signed out');
            onSignedOut();
          },
          onError: (error) => {
            if (isApiError(error) && error.status === 401) {
              onSignedOut();
              return;
            }
            toast.error('Could not sign out', { description: errorMessage(error) });
          },
        })
      }
    >
      <LogOutIcon aria-hidden="true" />
      {signOut.isPending ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}
