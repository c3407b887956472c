import { MonitorSmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { usePairThisBrowser } from '../api/registers';

/**
 * "Open the till on this device" (issue 10 item 2): the owner, at a browser they are signed in
 * on, makes it a till. The account is signed out here, so the till never acts as the owner.
 */
export function OpenTillHere({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  const navigate = useNavigate();
  const pair = usePairThisBrowser();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('Till');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <MonitorSmartphoneIcon aria-hidden="true" />
          Open the till on this device
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Open the till on this device</DialogTitle>
          <DialogDescription>
            This browser becomes a till: you are signed out of your account here, and everyone, you included, signs in on it with
            their PIN. You can unpair it any time in Settings → Tills.
          </DialogDescription>
        </DialogHeader>
        <form
          id="open-till-here"
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            pair.mutate(
              { name: name.trim() || 'Till' },
              {
                onSuccess: (result) => {
                  toast.success(`This device is now the till “${result.register.name}”`);
                  void navigate('/pos-terminal', { replace: true });
                },
                onError: (error) => toast.error('The till was not opened', { description: errorMessage(error) }),
              },
            );
          }}
        >
          <Label htmlFor="open-till-name">Name of this till</Label>
          <Input id="open-till-name" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form="open-till-here" disabled={pair.isPending}>
            {pair.isPending ? 'Opening...' : 'Open the till'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
