import { createHash, randomBytes } from 'node:crypto';

/** A chat session token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const newChatSessionToken = () => randomBytes(32).toString('base64url');

export const hashChatSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** SPEC §4: an expired session means the next message starts a new one. */
export const CHAT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
