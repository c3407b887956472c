import { useEffect, useEffectEvent } from 'react';
import { createBarcodeDetector } from '@/lib/barcode-detector';
import { isTextField, removeScannedText } from '@/lib/use-barcode-scanner';
import { commandForKey, type PosCommand } from '../lib/shortcuts';

export interface PosKeyboardOptions {
  /** barcode_scanning is on. */
  scannerEnabled: boolean;
  /** A dialog is open: it has the keyboard, so no shortcuts. */
  dialogOpen: boolean;
  /**
   * A scan, wherever focus was. It is always taken out of the field it was typed into and its
   * Enter swallowed, even under a dialog, so a scan can never submit a form (the cash received
   * in the payment dialog, say); the handler decides whether to add it.
   */
  onScan: (code: string) => void;
  onCommand: (command: PosCommand) => void;
}

/**
 * One keydown listener for the whole till, on window in the capture phase so it hears every key
 * whatever has focus, before the focused element does: a keyboard-wedge scan (a fast burst
 * ending in Enter, see barcode-detector.ts) is taken out of any field it was typed into and its
 * Enter swallowed (so it does not press a focused button); other keys may be shortcuts.
 */
export function usePosKeyboard(options: PosKeyboardOptions) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent, detector: ReturnType<typeof createBarcodeDetector>) => {
    if (event.isComposing) return;
    const step = detector.feed({
      key: event.key,
      at: event.timeStamp,
      ctrlKey: event.ctrlKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      repeat: event.repeat,
    });
    if (step.scan !== null && options.scannerEnabled) {
      event.preventDefault();
      event.stopPropagation();
      removeScannedText(step.scan);
      options.onScan(step.scan);
      return;
    }
    const command = commandForKey({
      key: event.key,
      ctrlKey: event.ctrlKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      inTextField: isTextField(event.target),
      dialogOpen: options.dialogOpen,
      fastFollow: step.fastFollow,
    });
    if (command) {
      event.preventDefault();
      options.onCommand(command);
    }
  });

  useEffect(() => {
    const detector = createBarcodeDetector();
    const listener = (event: KeyboardEvent) => onKeyDown(event, detector);
    window.addEventListener('keydown', listener, { capture: true });
    return () => window.removeEventListener('keydown', listener, { capture: true });
  }, []);
}
