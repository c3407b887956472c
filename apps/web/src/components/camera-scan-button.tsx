import { Camera } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

// The reader (ZXing's WebAssembly) and the camera loop load when the dialog first opens.
const CameraScanner = lazy(() => import('./camera-scanner').then((module) => ({ default: module.CameraScanner })));

export function canUseCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * "Scan with camera": a phone or tablet without a barcode scanner reads codes with its camera
 * (issue 14 item 8). `keepOpen` leaves the camera on for scan after scan (a stock count); otherwise
 * the first code closes it (find one product).
 */
export function CameraScanButton({ onScan, title, keepOpen = false }: { onScan: (code: string) => void; title: string; keepOpen?: boolean }) {
  const [open, setOpen] = useState(false);
  if (!canUseCamera()) return null;
  const scanned = (code: string) => {
    onScan(code);
    if (!keepOpen) setOpen(false);
  };
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Camera className="size-4" aria-hidden="true" />
        Scan with camera
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{keepOpen ? 'Each barcode shown to the camera counts once; take it away and show the next one.' : 'Show the barcode to the camera.'}</DialogDescription>
          </DialogHeader>
          {open ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">Starting the camera…</p>}>
              <CameraScanner onScan={scanned} label={title} />
            </Suspense>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
