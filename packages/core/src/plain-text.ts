import type { z } from 'zod';

// C0 controls except the newline, DEL, and C1 controls: in a receipt's ESC/POS bytes they are
// printer commands (ESC p opens the drawer, GS V cuts), in a terminal or log they are escapes.
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const CONTROLS_KEEPING_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

/** Removes control characters, keeping newlines: what reaches a printer is text and nothing else. */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROLS_KEEPING_NEWLINE, '');
}

export function hasControlCharacters(text: string, options: { allowNewline: boolean }): boolean {
  if (options.allowNewline) return new RegExp(CONTROLS_KEEPING_NEWLINE.source).test(text);
  return CONTROLS.test(text);
}

/** Whether the UTF-16 is well formed: no lone surrogate halves (PostgreSQL cannot store them in jsonb). */
export function isWellFormedText(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

export const CONTROL_CHARACTERS_MESSAGE = 'Use letters, digits and punctuation only: control characters are not allowed';
export const MALFORMED_TEXT_MESSAGE = 'The text holds a broken character (a lone UTF-16 surrogate)';

/**
 * A one-line text a person types (a name, a reference): no control characters at all and well-formed
 * UTF-16. Apply it to the schema's other rules: `singleLine(z.string().trim().min(1).max(200))`.
 */
export function singleLine<T extends z.ZodString>(schema: T): T {
  return schema
    .refine((text) => !hasControlCharacters(text, { allowNewline: false }), CONTROL_CHARACTERS_MESSAGE)
    .refine(isWellFormedText, MALFORMED_TEXT_MESSAGE) as T;
}

/** A note: as singleLine, but newlines are allowed. */
export function multiLine<T extends z.ZodString>(schema: T): T {
  return schema
    .refine((text) => !hasControlCharacters(text, { allowNewline: true }), CONTROL_CHARACTERS_MESSAGE)
    .refine(isWellFormedText, MALFORMED_TEXT_MESSAGE) as T;
}
