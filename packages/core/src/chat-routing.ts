/**
 * SPEC §7: "Routing is by keyword in the user's text: code or database words go to the code
 * assistant, otherwise to general completion." Whole words only, any case, so "tablet" or
 * "decode" stay with general completion.
 */
export type ChatRoute = 'code-assistant' | 'completion';

export const CODE_WORDS: readonly string[] = [
  'code', 'coding', 'function', 'component', 'file', 'files', 'bug', 'bugs', 'debug', 'error', 'refactor', 'typescript',
  'javascript', 'react', 'css', 'html', 'api', 'endpoint', 'script', 'compile', 'deploy',
];

export const DATABASE_WORDS: readonly string[] = [
  'database', 'db', 'sql', 'query', 'queries', 'select', 'table', 'tables', 'schema', 'column', 'columns', 'row', 'rows',
  'view', 'views', 'join', 'index', 'postgres', 'postgresql',
  // The owner's questions about their own records ("how many orders today?") need the database tools.
  'order', 'orders',
];

const KEYWORDS = new Set([...CODE_WORDS, ...DATABASE_WORDS]);

export function routeChatMessage(text: string): ChatRoute {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.some((word) => KEYWORDS.has(word)) ? 'code-assistant' : 'completion';
}
