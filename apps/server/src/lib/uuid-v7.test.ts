import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { uuidV7 } from './uuid-v7.ts';

describe('uuidV7', () => {
  it('is a version 7 RFC 9562 UUID that carries its millisecond', () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 0, 123);
    const id = uuidV7(at);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('increases strictly, within one millisecond and across them, and never repeats', () => {
    const at = Date.UTC(2030, 0, 1);
    const ids = [...Array.from({ length: 5000 }, () => uuidV7(at)), uuidV7(at + 10_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps increasing when the clock steps back', () => {
    const later = uuidV7(Date.UTC(2031, 0, 1));
    expect(uuidV7(Date.UTC(2029, 0, 1)) > later).toBe(true);
  });
});
