import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { pgliteInUse, type Database } from '../db/client.ts';

/**
 * Long work on the request path (a 20,000-row CSV) shares the event loop with every request of
 * every business, and on PGlite with the database too: it calls the returned function between
 * items, which lets the loop serve others once `sliceMs` of work has run since the last turn.
 */
export function eventLoopSlicer(sliceMs = 10): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/** Gives the event loop a turn: other requests' I/O and queued database work run before this resolves. */
export const yieldToEventLoop = (): Promise<void> => nextTurn().then(() => undefined);

/** The longest pause between two transactions of background-like work. */
const MAX_PAUSE_MS = 100;

/**
 * Runs the transactions of long work (an import, an export) one after another, giving way to
 * other requests between them. PostgreSQL serves other requests on other connections: a turn of
 * the event loop is enough. PGlite has one session on this thread, and a request that arrives
 * while a transaction runs queues behind the next one unless the work steps aside: there it
 * pauses as long as its last transaction took (including its wait for the session), so other
 * businesses' short requests get the database at least half of the time (decision 018) — when,
 * after a turn of the event loop, another transaction is under way or waiting for the session;
 * with nobody else at the database it goes on at once (decision 072).
 */
export function takingTurns(database: Pick<Database, 'kind'>) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    const tookMs = performance.now() - started;
    await nextTurn();
    if (database.kind === 'pglite' && pgliteInUse()) await sleep(Math.min(MAX_PAUSE_MS, tookMs));
    return result;
  };
}
