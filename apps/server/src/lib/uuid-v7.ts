import { randomBytes } from 'node:crypto';

/**
 * A time-ordered UUID (RFC 9562 version 7): 48 bits of Unix milliseconds, then random bits. Rows
 * a sale writes get these ids, so each primary-key index grows at its right edge instead of
 * touching a random page per insert (less WAL, fewer full-page images after a checkpoint, a hot
 * index that stays in cache). Ids from one process are strictly increasing; across processes they
 * are ordered by millisecond.
 */
let lastMs = 0;
let sequence = 0;

export function uuidV7(now: number = Date.now()): string {
  // Within one millisecond a 12-bit counter keeps this process's ids increasing.
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = Math.floor(ms / 2 ** 24) & 0xff;
  bytes[3] = Math.floor(ms / 2 ** 16) & 0xff;
  bytes[4] = Math.floor(ms / 2 ** 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f); // version 7, counter high bits
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
