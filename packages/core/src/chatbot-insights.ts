/**
 * Rules of Chatbot Insights (issue 17 item 7): which answers count as "could not answer", and
 * how questions are grouped when counting the most asked ones.
 */

/** What one tool call of the turn returned. */
export interface TurnToolCall {
  name: string;
  result: unknown;
}

// Said by a model that has nothing to go on; lower-case, apostrophes straightened.
const NOTHING_TO_GO_ON = [
  "i don't know",
  "i do not know",
  "i'm not sure",
  'i am not sure',
  "i couldn't find",
  'i could not find',
  "i can't find",
  'i cannot find',
  "don't have that information",
  'do not have that information',
  "don't have information",
  'no information about',
  "i'm unable to",
  'i am unable to',
  "i can't help with",
  'i cannot help with',
];

/** A tool result that holds nothing: an error, null, or only empty lists and "not given". */
function isEmptyResult(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (Array.isArray(result)) return result.length === 0;
  if (typeof result === 'string') return result.trim() === '' || result === 'not given';
  if (typeof result !== 'object') return false;
  const entries = Object.entries(result as Record<string, unknown>);
  if (entries.some(([key]) => key === 'error')) return true;
  return entries.every(([, value]) => isEmptyResult(value));
}

/**
 * An answer the assistant could not give: every tool it asked came back empty (no product of
 * that name, no address given), or it said it had nothing to go on. A polite refusal of a
 * forbidden question (costs, staff) is an answer, not a gap in what the shop told it.
 */
export function isUnansweredTurn(turn: { content: string; toolCalls: TurnToolCall[] }): boolean {
  if (turn.toolCalls.length > 0 && turn.toolCalls.every((call) => isEmptyResult(call.result))) return true;
  const said = turn.content.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  return NOTHING_TO_GO_ON.some((phrase) => said.includes(phrase));
}

/** The question as counted among the most asked: case, spacing and end punctuation do not split it. */
export function questionKey(question: string): string {
  return question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?!.]+$/, '');
}
