import { addDays, dayInZone, questionKey, safeTimeZone, startOfDayInZone, type ChatbotInsightsView } from '@till/core';
import type { Database } from '../../db/client.ts';
import { chatbotRepository } from './chatbot.repository.ts';

/** Questions read to find the most asked, and rows listed per kind of flagged answer. */
const QUESTIONS_SCANNED = 5_000;
const TOP_QUESTIONS = 15;
const FLAGGED_LISTED = 50;

/**
 * Chatbot Insights (/chatbot, issue 17 item 7): what visitors of the customer widget asked in
 * the last `days` days, how the answers were rated, and what the assistant could not answer.
 * The assistant panel (the owner's own questions) is not counted.
 */
export async function getChatbotInsights(database: Database, businessId: string, days: number, now = new Date()): Promise<ChatbotInsightsView> {
  return database.withTenant(businessId, async (tx) => {
    const business = await chatbotRepository.businessName(tx, businessId);
    const settings = await chatbotRepository.ensureSettings(tx, businessId);
    const timeZone = safeTimeZone(business?.timeZone);
    // Today and the `days - 1` days before it, from the first instant of the first day.
    const from = startOfDayInZone(addDays(dayInZone(now, timeZone), -(days - 1)), timeZone);
    const [totals, byDay, questions, unhelpful, unanswered] = [
      await chatbotRepository.insightTotals(tx, businessId, from),
      await chatbotRepository.conversationsByDay(tx, businessId, from, timeZone),
      await chatbotRepository.recentQuestions(tx, businessId, from, QUESTIONS_SCANNED),
      await chatbotRepository.flaggedAnswers(tx, businessId, from, 'unhelpful', FLAGGED_LISTED),
      await chatbotRepository.flaggedAnswers(tx, businessId, from, 'unanswered', FLAGGED_LISTED),
    ];
    // The most asked: grouped by core's questionKey, shown as most recently worded.
    const counted = new Map<string, { question: string; count: number }>();
    for (const question of questions) {
      const key = questionKey(question);
      if (!key) continue;
      const entry = counted.get(key);
      if (entry) entry.count += 1;
      else counted.set(key, { question: question.trim(), count: 1 });
    }
    const topQuestions = [...counted.values()].sort((a, b) => b.count - a.count || a.question.localeCompare(b.question)).slice(0, TOP_QUESTIONS);
    const asked = (row: (typeof unhelpful)[number]) => ({
      message_id: row.messageId,
      conversation_id: row.conversationId,
      question: row.question ?? '',
      answer: row.answer,
      at: row.at.toISOString(),
    });
    return {
      from: from.toISOString(),
      to: now.toISOString(),
      time_zone: timeZone,
      retention_days: settings.transcriptRetentionDays,
      totals,
      by_day: byDay,
      top_questions: topQuestions,
      unhelpful: unhelpful.map((row) => ({ ...asked(row), comment: row.comment ?? null })),
      unanswered: unanswered.map(asked),
    };
  });
}
