import { useEffect, useEffectEvent } from 'react';
import { createBarcodeDetector, withoutScannedCode } from './barcode-detector';

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

export function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement | HTMLElement {
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLElement && target.isContentEditable);
}

/**
 * The scanner typed into the focused field before its Enter gave it away: take the code back out.
 * React keeps a controlled input's value in state, so the value is set the way a browser would
 * (the prototype's setter) and an input event tells React.
 */
export function removeScannedText(code: string) {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !isTextField(field)) return;
  const next = withoutScannedCode(field.value, code);
  if (next === null) return;
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, next);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A keyboard-wedge barcode scanner on any screen (the till's rule, barcode-detector.ts): one
 * keydown listener on window in the capture phase; a scan is taken out of the field it was typed
 * into, its Enter swallowed, and handed to `onScan`. Screens with their own shortcuts (the till)
 * feed the detector themselves.
 */
export function useBarcodeScanner(options: { enabled: boolean; onScan: (code: string) => void }) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent, detector: ReturnType<typeof createBarcodeDetector>) => {
    if (event.isComposing) return;
    const step = detector.feed({ key: event.key, at: event.timeStamp, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey, repeat: event.repeat });
    if (step.scan === null || !options.enabled) return;
    event.preventDefault();
    event.stopPropagation();
    removeScannedText(step.scan);
    options.onScan(step.scan);
  });

  useEffect(() => {
    const detector = createBarcodeDetector();
    const listener = (event: KeyboardEvent) => onKeyDown(event, detector);
    window.addEventListener('keydown', listener, { capture: true });
    return () => window.removeEventListener('keydown', listener, { capture: true });
  }, []);
}
