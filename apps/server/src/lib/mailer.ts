import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * Every message is written to the outbox first. With SMTP_URL, emails are then sent and
 * marked sent or failed; without it they stay 'stored' for a super admin to read. SMS has no
 * provider yet, so SMS always stays in the outbox. Nothing is silently dropped.
 */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await options.db
        .insert(outboxMessages)
        .values({ ...message, status: 'stored' })
        .returning({ id: outboxMessages.id });
      if (!transport || message.channel !== 'email' || !row) return;
      try {
        await transport.sendMail({ from: options.from, to: message.recipient, subject: message.subject, text: message.body });
        await options.db.update(outboxMessages).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxMessages.id, row.id));
      } catch (error) {
        await options.db
          .update(outboxMessages)
          .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
          .where(eq(outboxMessages.id, row.id));
      }
    },
  };
}
