import type { Database } from '../../db/client.ts';
import { chatbotRepository } from './chatbot.repository.ts';

/** The periodic sweep: conversations older than their business's transcript retention are deleted. */
export function deleteExpiredTranscripts(database: Database, now = new Date()): Promise<number> {
  return chatbotRepository.deleteExpiredTranscriptsUnfenced(database.db, now);
}
