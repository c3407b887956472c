import { describe, expect, it } from 'vitest';
import { formatFileSize, previewKind } from './storage';

describe('storage helpers', () => {
  it.each([
    ['image/jpeg', 'image'],
    ['image/webp', 'image'],
    ['application/pdf', 'pdf'],
    ['image/svg+xml', 'other'],
    ['application/octet-stream', 'other'],
  ])('previewKind(%s)', (type, kind) => expect(previewKind(type)).toBe(kind));

  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [2048, '2 kB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
  ])('formatFileSize(%d)', (bytes, text) => expect(formatFileSize(bytes, 'en-US')).toBe(text));
});
