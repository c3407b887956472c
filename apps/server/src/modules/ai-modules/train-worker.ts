import { parentPort } from 'node:worker_threads';
import { fit, type FitTask } from './fit-models.ts';

/**
 * The training worker thread (decision 042): fits one model per message and answers with the
 * result, so the fitting never runs on the thread that serves requests. Built as its own entry
 * (apps/server/dist/ai-train-worker.js) beside the server bundle; from source it runs under tsx.
 */
parentPort!.on('message', (message: { id: number; task: FitTask }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: fit(message.task) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
