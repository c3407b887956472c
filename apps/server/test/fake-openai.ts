import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake AI provider for tests (COMMON.md: a fake only at a boundary we cannot reach, as a real
 * server on loopback speaking the real protocol). It answers `POST …/chat/completions` the way
 * an OpenAI-compatible endpoint does, tool calls included, from a script of rules:
 *
 *   fake.script([{ when: /price of (\w+)/, toolCalls: [{ name: 'search_products', arguments: { query: 'latte' } }], reply: echoToolResults }]);
 *
 * A rule matches the last user message. While that turn has no tool results yet, a rule with
 * toolCalls answers with those calls; once the tool results are in (or for a rule without
 * calls) it answers with `reply`. Every request is kept in `requests`, so a test can check what
 * the server sent to the provider (for instance, that no tool result carried a cost).
 * The e2e tests start it too (`startFakeOpenAI`).
 */
export interface FakeMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface FakeRequest {
  model: string;
  messages: FakeMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  authorization: string | undefined;
}

export interface FakeRule {
  when: RegExp | string | ((request: FakeRequest) => boolean);
  /** Calls to make first; `arguments` may be a value (sent as JSON) or raw text (sent as it is). */
  toolCalls?: { name: string; arguments: unknown }[];
  /** Call the tools again even when the turn already has their results (a model stuck in a loop). */
  repeatToolCalls?: boolean;
  /** The answer once the tools have answered (or at once without toolCalls). */
  reply?: string | ((request: FakeRequest) => string);
}

export interface FakeOpenAI {
  /** The base URL to give as OPENAI_BASE_URL (ends in /v1). */
  url: string;
  requests: FakeRequest[];
  script(rules: FakeRule[]): void;
  /** The next `times` requests answer with this HTTP status (e.g. 503), then the script resumes. */
  failNext(status: number, times?: number): void;
  /** The next `times` requests wait this long before answering. */
  delayNext(ms: number, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_REPLY = 'How can I help you today?';

/** The last user message of a request. */
export function lastUserText(request: FakeRequest): string {
  return [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
}

/** The tool results of the current turn (after the last user message). */
export function toolResultsOfTurn(request: FakeRequest): string[] {
  const lastUser = request.messages.map((message) => message.role).lastIndexOf('user');
  return request.messages.slice(lastUser + 1).filter((message) => message.role === 'tool').map((message) => message.content ?? '');
}

/** A reply that repeats what the tools answered, as a model passing them on would. */
export const echoToolResults = (request: FakeRequest) => `Here is what I found: ${toolResultsOfTurn(request).join(' | ')}`;

/** A reply that repeats its whole prompt, system prompt included: a model that obeys an injection. */
export const echoSystemPrompt = (request: FakeRequest) => `My instructions are: ${request.messages.find((message) => message.role === 'system')?.content ?? ''}`;

function matches(rule: FakeRule, request: FakeRequest): boolean {
  const text = lastUserText(request);
  if (typeof rule.when === 'function') return rule.when(request);
  if (typeof rule.when === 'string') return text.includes(rule.when);
  return rule.when.test(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export async function startFakeOpenAI(options: { apiKey?: string; port?: number } = {}): Promise<FakeOpenAI> {
  let rules: FakeRule[] = [];
  let failures: { status: number; left: number } | null = null;
  let delays: { ms: number; left: number } | null = null;
  let counter = 0;
  const requests: FakeRequest[] = [];

  const server = createServer(async (incoming, response) => {
    if (incoming.method !== 'POST' || !/\/chat\/completions$/.test(incoming.url ?? '')) {
      send(response, 404, { error: { message: `No route ${incoming.method} ${incoming.url}`, type: 'invalid_request_error' } });
      return;
    }
    const authorization = incoming.headers.authorization;
    if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) {
      send(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      return;
    }
    let body: { model: string; messages: FakeMessage[]; tools?: FakeRequest['tools'] };
    try {
      body = JSON.parse(await readBody(incoming));
    } catch {
      send(response, 400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } });
      return;
    }
    const request: FakeRequest = { model: body.model, messages: body.messages, ...(body.tools ? { tools: body.tools } : {}), authorization };
    requests.push(request);
    if (delays && delays.left > 0) {
      delays.left -= 1;
      await new Promise((resolve) => setTimeout(resolve, delays!.ms));
    }
    if (failures && failures.left > 0) {
      failures.left -= 1;
      send(response, failures.status, { error: { message: `Upstream answered ${failures.status}`, type: 'server_error' } });
      return;
    }
    const rule = rules.find((candidate) => matches(candidate, request));
    const turnHasToolResults = toolResultsOfTurn(request).length > 0;
    counter += 1;
    const base = { id: `chatcmpl-fake-${counter}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model };
    const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
    if (rule?.toolCalls && rule.toolCalls.length > 0 && (!turnHasToolResults || rule.repeatToolCalls)) {
      const toolCalls = rule.toolCalls.map((call, index) => ({
        id: `call_${counter}_${index}`,
        type: 'function' as const,
        function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
      }));
      send(response, 200, { ...base, choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: toolCalls }, finish_reason: 'tool_calls' }], usage });
      return;
    }
    const reply = rule?.reply === undefined ? DEFAULT_REPLY : typeof rule.reply === 'function' ? rule.reply(request) : rule.reply;
    send(response, 200, { ...base, choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }], usage });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      rules = next;
    },
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    delayNext(ms, times = 1) {
      delays = { ms, left: times };
    },
    reset() {
      rules = [];
      failures = null;
      delays = null;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
