import { CHAT_MESSAGES } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import { AiProviderError } from './ai-provider.ts';

/** SPEC §8: an error that mentions the AI provider shows "AI service is currently unavailable. Please check API configuration." */
export async function withProviderErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AiProviderError) {
      throw new AppError(503, 'ai_provider_unavailable', CHAT_MESSAGES.providerUnavailable, { reason: error.reason });
    }
    throw error;
  }
}
