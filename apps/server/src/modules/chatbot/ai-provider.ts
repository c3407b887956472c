import OpenAI from 'openai';
import type { ChatCompletionMessage, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';

/**
 * The AI provider (ARCHITECTURE "AI"): any OpenAI-compatible endpoint through the official
 * client, configured by OPENAI_BASE_URL / OPENAI_API_KEY (env.ts). A request waits at most
 * `timeoutMs`; only 502, 503 and 504 are retried (SPEC §8 calls them retryable), with a
 * doubling pause. The client's own retries are off, so a 429 or 500 is not repeated.
 */
export type AiProviderFailure = 'not_configured' | 'unavailable' | 'timeout' | 'bad_response';

export class AiProviderError extends Error {
  constructor(
    readonly reason: AiProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

export interface ChatRequest {
  model: string;
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
}

export interface ChatProvider {
  readonly configured: boolean;
  complete(request: ChatRequest): Promise<ChatCompletionMessage>;
}

export interface ChatProviderOptions {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  timeoutMs?: number;
  /** Further attempts after a 502/503/504. */
  retries?: number;
  /** The pause before the first retry; each next one doubles it. */
  retryDelayMs?: number;
}

const RETRYABLE = new Set([502, 503, 504]);
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createChatProvider(options: ChatProviderOptions): ChatProvider {
  const configured = Boolean(options.baseUrl || options.apiKey);
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const client = configured
    ? new OpenAI({
        baseURL: options.baseUrl ?? DEFAULT_BASE_URL,
        // Local OpenAI-compatible servers take no key; the client insists on one.
        apiKey: options.apiKey || 'not-needed',
        timeout: options.timeoutMs ?? 30_000,
        maxRetries: 0,
      })
    : null;

  return {
    configured,
    async complete(request) {
      if (!client) throw new AiProviderError('not_configured', 'No AI provider is configured (set OPENAI_BASE_URL or OPENAI_API_KEY)');
      for (let attempt = 0; ; attempt += 1) {
        try {
          const completion = await client.chat.completions.create({
            model: request.model,
            messages: request.messages,
            ...(request.tools && request.tools.length > 0 ? { tools: request.tools } : {}),
          });
          const message = completion.choices?.[0]?.message;
          if (!message) throw new AiProviderError('bad_response', 'The AI provider answered without a message');
          return message;
        } catch (error) {
          if (error instanceof AiProviderError) throw error;
          if (error instanceof OpenAI.APIConnectionTimeoutError) throw new AiProviderError('timeout', 'The AI provider did not answer in time');
          if (error instanceof OpenAI.APIError && error.status !== undefined) {
            if (RETRYABLE.has(error.status) && attempt < retries) {
              await sleep(retryDelayMs * 2 ** attempt);
              continue;
            }
            throw new AiProviderError('unavailable', `The AI provider answered ${error.status}`, error.status);
          }
          if (error instanceof OpenAI.APIConnectionError) throw new AiProviderError('unavailable', 'The AI provider could not be reached');
          throw new AiProviderError('bad_response', `The AI provider's answer could not be read: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
  };
}
