import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';
import { afterCommit, type Db, type Tx } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /**
   * Files sent with an email by SMTP (an invoice's PDF). The outbox row keeps the text and names
   * the files; the files themselves are re-made from their document when needed.
   */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
  /**
   * Writes the outbox row and returns; the SMTP delivery follows in the background. For answers
   * whose timing must not depend on whether a message was sent (password reset, decision 016).
   */
  enqueue(message: OutgoingMessage): Promise<void>;
  /**
   * Many text messages at once (a marketing campaign, decision 051): the outbox rows are written in
   * multi-row inserts inside `tx` (a `database.withTenant` transaction), so they commit or roll back
   * with the caller's own writes (decision 065); once it has committed, SMTP delivers them one after
   * another in the background.
   */
  enqueueMany(tx: Tx, messages: readonly Omit<OutgoingMessage, 'attachments'>[]): Promise<void>;
}

/** Rows per outbox insert: well under PostgreSQL's 65,535 bind parameters (five a row). */
const OUTBOX_INSERT_CHUNK = 1000;

/**
 * Every message is written to the outbox first. With SMTP_URL, emails are then sent and
 * marked sent or failed; without it they stay 'stored' for a super admin to read. SMS has no
 * provider yet, so SMS always stays in the outbox. Nothing is silently dropped.
 */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const store = async (message: OutgoingMessage) => {
    const { attachments, ...text } = message;
    const named = attachments?.length ? `${text.body}\n\nAttached: ${attachments.map((file) => file.filename).join(', ')}` : text.body;
    const [row] = await options.db
      .insert(outboxMessages)
      .values({ ...text, body: named, subject: headerText(message.subject), status: 'stored' })
      .returning({ id: outboxMessages.id });
    return row ?? null;
  };
  const deliver = async (message: OutgoingMessage, row: { id: string } | null) => {
    if (!transport || message.channel !== 'email' || !row) return;
    try {
      // The sender is always the configured one; nothing a business typed reaches From or Reply-To.
      await transport.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        ...(message.attachments?.length ? { attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) } : {}),
      });
      await options.db.update(outboxMessages).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxMessages.id, row.id));
    } catch (error) {
      await options.db
        .update(outboxMessages)
        .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
        .where(eq(outboxMessages.id, row.id));
    }
  };
  return {
    async send(message) {
      const clean = { ...message, subject: headerText(message.subject) };
      await deliver(clean, await store(clean));
    },
    async enqueue(message) {
      const clean = { ...message, subject: headerText(message.subject) };
      const row = await store(clean);
      void deliver(clean, row).catch((error: unknown) => console.error('Sending an email failed:', (error as Error).message));
    },
    async enqueueMany(tx, messages) {
      const queued: { message: Omit<OutgoingMessage, 'attachments'>; row: { id: string } }[] = [];
      for (let start = 0; start < messages.length; start += OUTBOX_INSERT_CHUNK) {
        // The ids are made here: the tenant role may insert outbox rows but not read them back (no RETURNING).
        const chunk = messages.slice(start, start + OUTBOX_INSERT_CHUNK).map((message) => ({ id: randomUUID(), ...message, subject: headerText(message.subject) }));
        await tx.insert(outboxMessages).values(chunk.map((text) => ({ ...text, status: 'stored' as const })));
        for (const { id, ...message } of chunk) queued.push({ message, row: { id } });
      }
      if (!transport || queued.length === 0) return;
      afterCommit(tx, () => {
        void (async () => {
          for (const { message, row } of queued) await deliver(message, row);
        })().catch((error: unknown) => console.error('Sending emails failed:', (error as Error).message));
      });
    },
  };
}

/** A header value on one line: no control characters (CR and LF above all), runs of space collapsed. */
export function headerText(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * A name a business typed, made safe to show in a message: it can name the business but never
 * pass for an address or another sender ("PayPal <service@paypal.com>" becomes
 * "PayPal service paypal.com"), and hides nothing (no bidi overrides or invisible characters).
 */
export function safeDisplayName(value: string, fallback = 'your shop'): string {
  const cleaned = headerText(
    value
      .normalize('NFKC')
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
      .replace(/[<>"'`@\\]/g, ' '),
  ).slice(0, 80);
  return cleaned || fallback;
}
