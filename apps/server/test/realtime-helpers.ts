import { REALTIME_PATH, type RealtimeJoinPayload } from '@till/core';
import WebSocket from 'ws';
import type { ApiClient } from './harness.ts';

export interface Frame {
  topic: string;
  event: string;
  payload: any;
  ref: string | null;
  join_ref: string | null;
}

/** A real websocket to the server's /realtime, speaking the wire protocol by hand. */
export class TestSocket {
  readonly frames: Frame[] = [];
  private ref = 0;
  private waiters: Array<{ match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(baseUrl: string, client: ApiClient | null, headers: Record<string, string> = {}): Promise<TestSocket> {
    const url = baseUrl.replace(/^http/, 'ws') + REALTIME_PATH;
    const cookie = client?.cookieHeader();
    const ws = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => reject(Object.assign(new Error(`upgrade refused: ${response.statusCode} ${body}`), { status: response.statusCode, body })));
      });
      ws.once('error', reject);
    });
  }

  /** Resolves with the first frame (already received or still to come) that matches. */
  waitFor(match: (frame: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`)), timeoutMs);
      this.waiters.push({ match, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  }

  send(topic: string, event: string, payload: unknown = {}): string {
    const ref = String(++this.ref);
    this.ws.send(JSON.stringify({ topic, event, payload, ref, join_ref: event === 'phx_join' ? ref : null }));
    return ref;
  }

  /** Sends a message and waits for its phx_reply. */
  async request(topic: string, event: string, payload: unknown = {}): Promise<{ status: string; response: any }> {
    const ref = this.send(topic, event, payload);
    const reply = await this.waitFor((frame) => frame.event === 'phx_reply' && frame.ref === ref);
    return reply.payload;
  }

  join(topic: string, payload: RealtimeJoinPayload = {}) {
    return this.request(topic, 'phx_join', payload);
  }

  events(topic: string, event: string): Frame[] {
    return this.frames.filter((frame) => frame.topic === topic && frame.event === event);
  }

  close() {
    this.ws.close();
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
