import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { chatbotRepository } from './chatbot.repository.ts';

const chatbotId = z.uuid();

/**
 * The CSP frame-ancestors of the widget's embed page /chatbot-embed/{chatbotId} (issue 17):
 * the origins the business lists in its chatbot settings, and 'none' for an unknown chatbot or
 * an empty list. The origins were checked as plain http(s) origins when they were saved.
 */
export async function embedFrameAncestors(database: Database, id: string): Promise<string> {
  if (!chatbotId.safeParse(id).success) return "'none'";
  const settings = await chatbotRepository.findSettingsByIdUnfenced(database.db, id);
  const origins = settings?.allowedOrigins ?? [];
  return origins.length > 0 ? origins.join(' ') : "'none'";
}
