import { describe, expect, it } from 'vitest';
import { formatFileSize, objectPath, previewKind } from './storage';

describe('storage helpers', () => {
  it.each([
    ['docs', 'a.pdf', 'docs/a.pdf'],
    ['expense-receipts', '2024/03/r 1.jpg', 'expense-receipts/2024/03/r%201.jpg'],
    ['docs', 'what?#.txt', 'docs/what%3F%23.txt'],
    ['docs', 'café/é.png', 'docs/caf%C3%A9/%C3%A9.png'],
  ])('objectPath(%s, %s)', (bucket, name, expected) => {
    expect(objectPath(bucket, name)).toBe(expected);
  });

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
