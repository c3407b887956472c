import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The e-mails the e2e server sent, newest last: its SMTP sink (e2e/serve.mjs) writes each one to
 * mail.jsonl in the lane's data folder (E2E_DATA_DIR, set per worker by playwright.config.ts).
 */
function sentMails(): { to: string[]; subject: string; text: string }[] {
  const file = path.join(process.env.E2E_DATA_DIR!, 'mail.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { to: string[]; subject: string; text: string });
}

/** Waits up to 10 s for what `find` looks for in the sent e-mails (the outbox sends a moment after the answer). */
async function waitForMail<T>(find: (mails: ReturnType<typeof sentMails>) => T | undefined, missing: string): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = find(sentMails().reverse());
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(missing);
}

/** The newest e-mail to this address with this subject. */
export const emailTo = (to: string, subject: string) =>
  waitForMail((mails) => mails.find((mail) => mail.to.includes(to) && mail.subject.includes(subject)), `no e-mail to ${to} about ${subject}`);

/** The newest link matching `pattern` in the newest e-mail to this address. */
export const emailedLink = (to: string, pattern: RegExp) =>
  waitForMail((mails) => mails.find((mail) => mail.to.includes(to))?.text.match(pattern)?.[0], `no e-mail to ${to} with ${pattern}`);
