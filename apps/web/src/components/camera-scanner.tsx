import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { createScanDebouncer, readCodesFromFrame } from '@/lib/camera-barcodes';

/** How often a frame is read: often enough to feel instant, rarely enough to leave a phone cool. */
const FRAME_EVERY_MS = 150;

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera is blocked for this site. Allow it in the browser’s site settings, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return 'The camera could not be started.';
}

/**
 * The camera's picture with a barcode reader on it: the back camera when there is one, a frame
 * read every 150 ms, each code handed to `onScan` once while it stays in view (a second identical
 * item counts once it has left and come back). The camera is released when this unmounts.
 */
export function CameraScanner({ onScan, label }: { onScan: (code: string) => void; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [lastCode, setLastCode] = useState<string | null>(null);
  const scanned = useEffectEvent((code: string) => {
    setLastCode(code);
    navigator.vibrate?.(60);
    onScan(code);
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const debouncer = createScanDebouncer();

    const readFrame = async () => {
      const element = video.current;
      if (stopped || !element || !context) return;
      if (element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        canvas.width = element.videoWidth;
        canvas.height = element.videoHeight;
        context.drawImage(element, 0, 0);
        const codes = await readCodesFromFrame(context.getImageData(0, 0, canvas.width, canvas.height)).catch(() => []);
        if (!stopped) for (const code of debouncer.frame(codes, performance.now())) scanned(code);
      }
      if (!stopped) timer = setTimeout(() => void readFrame(), FRAME_EVERY_MS);
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      setReady(true);
      void readFrame();
    })().catch((error: unknown) => {
      if (!stopped) setProblem(cameraProblem(error));
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (problem) return <ErrorAlert title="The camera cannot scan" message={problem} />;
  return (
    <div className="grid gap-2">
      <div className="relative overflow-hidden rounded-lg bg-black">
        <video ref={video} className="aspect-video w-full object-cover" muted playsInline aria-label={label} />
        {/* Where to hold the code: a guide, not a limit (the whole picture is read). */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-[12%] top-1/2 h-1/3 -translate-y-1/2 rounded-md border-2 border-white/80" />
      </div>
      <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
        {!ready ? 'Starting the camera…' : lastCode ? `Scanned ${lastCode}` : 'Hold a barcode inside the frame.'}
      </p>
    </div>
  );
}
