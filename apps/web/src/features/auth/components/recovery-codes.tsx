import { DownloadIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** Ten recovery codes, shown this once, with a download; each works once instead of the app. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `Till recovery codes\nEach code works once, when your authenticator app is not at hand.\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'till-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <Alert>
        <AlertTitle>Save your recovery codes now</AlertTitle>
        <AlertDescription>
          <p>They are shown only this once. Each code signs you in one time if you lose your phone.</p>
        </AlertDescription>
      </Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
