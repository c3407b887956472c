import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePairWithCode } from '../api/registers';

/** /pos-terminal-login: type the code shown in the owner's Settings → Tills to make this device a till. */
export function PairDeviceForm() {
  const navigate = useNavigate();
  const pair = usePairWithCode();
  const [code, setCode] = useState('');
  const [name, setName] = useState('Till');
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        pair.mutate({ code, name: name.trim() || 'Till' }, { onSuccess: () => void navigate('/pos-terminal', { replace: true }) });
      }}
    >
      {pair.isError ? <ErrorAlert title="This device was not paired" error={pair.error} /> : null}
      <div className="grid gap-2">
        <Label htmlFor="pairing-code">Pairing code</Label>
        <Input
          id="pairing-code"
          value={code}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-EFGH"
          className="font-mono text-lg tracking-widest uppercase"
          maxLength={12}
          onChange={(event) => setCode(event.target.value)}
        />
        <p className="text-sm text-muted-foreground">The owner finds it in Settings → Tills → Pair a till. It works once, for 10 minutes.</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="till-name">Name of this till</Label>
        <Input id="till-name" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
      </div>
      <Button type="submit" size="lg" disabled={pair.isPending || code.trim().length < 8}>
        {pair.isPending ? 'Pairing...' : 'Pair this till'}
      </Button>
    </form>
  );
}
