import { randomBytes } from 'node:crypto';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { ChatProvider } from './ai-provider.ts';

/**
 * One assistant turn with tool calls: the model may call the tools it is given (their
 * arguments checked by a strict zod schema; an unknown tool, unknown argument or bad JSON
 * answers an error the model reads), up to `maxRounds` times, then answers. The tools decide
 * what can be known; the model only chooses which to call.
 */
export interface ChatTool {
  name: string;
  description: string;
  /** JSON schema of the arguments, as sent to the model. */
  parameters: Record<string, unknown>;
  args: z.ZodType;
  run(args: never): Promise<unknown>;
}

export const defineTool = <S extends z.ZodType>(tool: { name: string; description: string; parameters: Record<string, unknown>; args: S; run(args: z.infer<S>): Promise<unknown> }): ChatTool =>
  tool as unknown as ChatTool;

export interface ToolCallRecord {
  name: string;
  arguments: string;
  result: unknown;
}

export interface ChatTurn {
  content: string;
  toolCalls: ToolCallRecord[];
}

/** A marker in every system prompt: an answer carrying it repeats the instructions and is withheld. */
export const PROMPT_CANARY = `till-${randomBytes(6).toString('hex')}`;

export const WITHHELD_ANSWER = "I can't share that. I can help with our products, prices, availability, opening hours and address.";

/** Whether an answer repeats the system prompt: the canary, or any long line of it. */
export function repeatsInstructions(answer: string, systemPrompt: string): boolean {
  const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
  const said = normalise(answer);
  if (said.includes(PROMPT_CANARY)) return true;
  return systemPrompt
    .split('\n')
    .map(normalise)
    .filter((line) => line.trim().length >= 40)
    .some((line) => said.includes(line.trim()));
}

async function callTool(tools: ChatTool[], name: string, rawArguments: string): Promise<unknown> {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) return { error: `There is no tool named ${JSON.stringify(name.slice(0, 60))}. Tools: ${tools.map((t) => t.name).join(', ') || 'none'}.` };
  let parsed: unknown;
  try {
    parsed = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    return { error: 'The arguments are not valid JSON.' };
  }
  const args = tool.args.safeParse(parsed);
  if (!args.success) {
    return { error: `Invalid arguments: ${args.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'} ${issue.message}`).join('; ')}` };
  }
  try {
    return await tool.run(args.data as never);
  } catch {
    return { error: 'The tool could not answer right now.' };
  }
}

export async function runChat(options: {
  provider: ChatProvider;
  model: string;
  system: string;
  history: { role: 'user' | 'assistant'; content: string }[];
  message: string;
  tools: ChatTool[];
  maxRounds?: number;
}): Promise<ChatTurn> {
  const system = `${options.system}\n[${PROMPT_CANARY}]`;
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: system },
    ...options.history.map((entry) => ({ role: entry.role, content: entry.content })),
    { role: 'user', content: options.message },
  ];
  const definitions: ChatCompletionTool[] = options.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
  const toolCalls: ToolCallRecord[] = [];
  const maxRounds = options.maxRounds ?? 4;
  for (let round = 0; round <= maxRounds; round += 1) {
    // The last round offers no tools, so the model has to answer.
    const reply = await options.provider.complete({ model: options.model, messages, tools: round < maxRounds ? definitions : [] });
    const calls = (reply.tool_calls ?? []).filter((call) => call.type === 'function');
    if (calls.length === 0 || round === maxRounds) {
      const content = (reply.content ?? '').trim();
      return { content: content && repeatsInstructions(content, system) ? WITHHELD_ANSWER : content, toolCalls };
    }
    messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const result = await callTool(options.tools, call.function.name, call.function.arguments);
      toolCalls.push({ name: call.function.name, arguments: call.function.arguments, result });
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
  return { content: '', toolCalls };
}
