// The worker side of bench/models/run.mjs: what a server's training worker looks like.
// Jobs arrive as plain data and answers go back the same way (runInsightJob never throws).
import { parentPort, workerData } from 'node:worker_threads';

const { runInsightJob } = await import(workerData.bundle);
parentPort.on('message', (job) => parentPort.postMessage(runInsightJob(job)));
