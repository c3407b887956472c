import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler, Next } from 'hono';

type BodyCache = { text?: Promise<string> };

/**
 * Reads a JSON request body straight from Node's request stream, refusing it past `maxBytes`,
 * and puts the text in Hono's body cache, where `c.req.json()` (and so every validator) finds it.
 * Hono's own path builds a WHATWG Request and a byte-counting ReadableStream around the same
 * bytes, which cost about a tenth of the server's CPU per sale in bench/checkout. Anything that
 * is not JSON over @hono/node-server (uploads, CSV, in-process requests) goes to `fallback`.
 */
export function nodeJsonBody(options: {
  maxBytes: number;
  onTooLarge: (c: Context) => Response | Promise<Response>;
  fallback: MiddlewareHandler;
}): MiddlewareHandler {
  return async (c: Context, next: Next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const isJson = /^application\/json\b/i.test(c.req.header('content-type') ?? '');
    if (!incoming || !isJson || c.req.method === 'GET' || c.req.method === 'HEAD') return options.fallback(c, next);
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > options.maxBytes) return options.onTooLarge(c);
    const text = await readAtMost(incoming, options.maxBytes);
    if (text === 'aborted') return c.json({ error: { code: 'request_aborted', message: 'The request body did not arrive whole' } }, 400);
    if (text === null) return options.onTooLarge(c);
    (c.req as unknown as { bodyCache: BodyCache }).bodyCache.text = Promise.resolve(text);
    await next();
  };
}

/**
 * The stream's text; null once it passes `maxBytes` (the rest is left unread: answer with
 * Connection: close); 'aborted' when the client went away before the end.
 */
function readAtMost(stream: IncomingMessage, maxBytes: number): Promise<string | null | 'aborted'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.off('data', onData);
        stream.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    });
    // A promise that never settles would hold the request forever: a closed stream settles it.
    stream.once('close', () => {
      if (!ended) resolve('aborted');
    });
    stream.once('error', reject);
  });
}
