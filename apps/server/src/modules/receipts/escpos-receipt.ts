import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { RECEIPT_COLUMNS, receiptTextLines, stripControlCharacters, type Receipt } from '@till/core';

/** Blank lines fed before the cut, so the knife does not cut through the footer. */
const FEED_BEFORE_CUT = 4;

/**
 * ESC/POS bytes of the receipt, for an 80 mm printer (48 columns of font A): the lines of
 * receiptTextLines, the title bold and double height, the total bold, then a cut. Text only:
 * no canvas or image is needed, so this runs in Node as it is. Characters outside the
 * printer's code pages print as "?". Every text loses its control characters first: a name or
 * note typed with ESC or GS in it would otherwise reach the printer as a command (open the
 * drawer, cut) — inputs refuse them, but rows written before that rule still hold them.
 */
export function encodeReceiptEscPos(receipt: Receipt, options: { openDrawer?: boolean } = {}): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: RECEIPT_COLUMNS, feedBeforeCut: FEED_BEFORE_CUT, errors: 'relaxed' });
  encoder.initialize().codepage('auto');
  // The drawer kick (ESC p, pin 2) when a cash sale completes: the printer opens the drawer.
  if (options.openDrawer) encoder.pulse();
  for (const line of receiptTextLines(receipt, RECEIPT_COLUMNS)) {
    const text = stripControlCharacters(line.text);
    if (line.style === 'title') encoder.bold(true).size(1, 2).line(text).size(1, 1).bold(false);
    else if (line.style === 'strong') encoder.bold(true).line(text).bold(false);
    else encoder.line(text);
  }
  return encoder.cut().encode();
}
