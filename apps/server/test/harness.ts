import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import createClient, { type Client } from 'openapi-fetch';
import pg from 'pg';
import { inject } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema/index.ts';
import { createApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { parseConfig, readTestEnv } from '../src/env.ts';
import { createServices, type SignInLimitSettings } from '../src/services.ts';
import type { Services } from '../src/lib/context.ts';
import type { RealtimeOptions } from '../src/realtime/realtime-service.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';

export type TestDatabase = Database & {
  drop(): Promise<void>;
  /** Another connection to the same database, as a second app process would open (PGlite: the same one). */
  openAnother(): Promise<Database & { drop(): Promise<void> }>;
};

/** A fresh database for one test file: a copy of the migrated template. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const env = readTestEnv();
  if (env.testDbKind === 'postgres') {
    const name = `till_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: env.testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplateDb')}`);
    // A test database need not survive a crash: commits stop waiting for the WAL flush.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    const url = new URL(env.testDatabaseUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return Object.assign(database, {
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
      openAnother: async () => {
        const another = await openDatabase({ databaseUrl: url.toString() });
        return Object.assign(another, { drop: () => another.close() });
      },
    });
  }
  const template = readFileSync(inject('pgliteTemplatePath'));
  const database = await openDatabase({ pgliteLoadDataDir: new Blob([template]) });
  return Object.assign(database, {
    drop: () => database.close(),
    // PGlite is one in-process database: a second app instance shares it (and its LISTEN bus).
    openAnother: async () => Object.assign(Object.create(database) as Database, { drop: async () => undefined }),
  });
}

export interface TestServer {
  url: string;
  services: Services;
  database: Database & { drop(): Promise<void> };
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  signInLimits?: SignInLimitSettings;
  realtime?: RealtimeOptions;
  /** A second app process on the first one's database (the two-processes tests). */
  sameDatabaseAs?: TestServer;
  /**
   * The timed jobs (webhook deliveries every 10 s, AI training, reminders, digests, sweeps): off unless
   * true. A test of a job calls it itself; left on, the job could claim the row the test meant to.
   */
  backgroundJobs?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.sameDatabaseAs
    ? await (options.sameDatabaseAs.database as TestDatabase).openAnother()
    : await openTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '.tmp/unused',
    PORT: '0',
    // Every test signs up from 127.0.0.1; the sign-up limit has its own test.
    SIGN_UP_LIMIT_PER_HOUR: '100000',
    // The nightly AI training runs on the wall clock; its tests call it with a clock of their own.
    AI_NIGHTLY_TRAINING: 'off',
    ...options.env,
  });
  const services = await createServices(config, {
    database,
    ...(options.signInLimits ? { signInLimits: options.signInLimits } : {}),
    ...(options.realtime ? { realtime: options.realtime } : {}),
    backgroundJobs: options.backgroundJobs ?? false,
  });
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  services.realtime.attach(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  // PGlite runs on this process's event loop: a test that works the database directly for a few
  // seconds blocks both ends, and a server that then drops the idle keep-alive socket first resets
  // the client's next request. Tests keep the socket longer than any such pause.
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 60_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    database,
    close: async () => {
      // Sockets kept alive for 60 s (above) or holding an unread download must not hold the close.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await services.stop();
      server.closeAllConnections();
      await closed;
      await database.drop();
    },
  };
}

interface OperationStatuses {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}
const documents = new Map<string, Promise<OperationStatuses>>();
/** The statuses the served OpenAPI document declares for one operation (null: not in the document). */
async function declaredStatuses(baseUrl: string, method: string, schemaPath: string): Promise<string[] | null> {
  let document = documents.get(baseUrl);
  if (!document) {
    document = fetch(`${baseUrl}/api/openapi.json`).then((answer) => answer.json() as Promise<OperationStatuses>);
    documents.set(baseUrl, document);
  }
  const responses = (await document).paths[schemaPath]?.[method]?.responses;
  return responses ? Object.keys(responses) : null;
}

/** A browser-like caller: keeps cookies between requests, speaks JSON. */
export class ApiClient {
  /**
   * The typed client (issue 11): paths, parameters, bodies and answers come from the routes' own
   * schemas (the web's api-schema.gen.ts, generated from the OpenAPI document), with this caller's
   * cookies — a field renamed on the server fails the tests' typecheck as it fails the web's.
   *
   *   const { data, error, response } = await client.api.GET('/api/expenses/{id}', { params: { path: { id } } });
   */
  readonly api: Client<paths>;
  constructor(
    private readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {
    this.api = createClient<paths>({ baseUrl, fetch: (request) => this.send(request) });
    // The contract tells the truth about statuses too: every typed call's answer must be one its
    // route declares, so a new refusal cannot reach callers the web's types never told of. A 5xx
    // is never part of a contract (the fuzz tier hunts them; a test may provoke one on purpose).
    this.api.use({
      onResponse: async ({ request, response, schemaPath }) => {
        if (response.status >= 500) return;
        const declared = await declaredStatuses(baseUrl, request.method.toLowerCase(), schemaPath);
        if (declared && !declared.includes(String(response.status))) {
          throw new Error(`${request.method} ${schemaPath} answered ${response.status}, which its route does not declare (${declared.join(', ')})`);
        }
      },
    });
  }

  /** Sends with this caller's cookies and keeps the ones the answer sets. */
  private async send(request: Request) {
    if (this.cookies.size && !request.headers.has('cookie')) request.headers.set('cookie', this.cookieHeader());
    const response = await fetch(request);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * A request the contract does not describe, for input the typed client cannot express on
   * purpose: malformed bodies, wrong types, unknown fields, raw text. Everything else goes
   * through `api` (issue 11).
   */
  async raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.send(
      new Request(this.baseUrl + path, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, body: json, headers: response.headers };
  }

  /** Another browser on the same server, with no cookies yet. */
  fresh = () => new ApiClient(this.baseUrl);
  /** This same browser talking to another server (process): one cookie jar, whatever either is given. */
  sameBrowserOn = (baseUrl: string) => new ApiClient(baseUrl, this.cookies);
  /** Another holder of this browser's cookies as they are now (a second tab, a copied cookie), on `baseUrl`. */
  copyOfCookiesOn = (baseUrl: string) => new ApiClient(baseUrl, new Map(this.cookies));
  hasCookie = (name: string) => this.cookies.has(name);
  /** The Cookie header this client sends (a websocket's upgrade request carries it too). */
  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  hasSessionCookie = () => this.cookies.has('better-auth.session_token');
}

/** The typed client's answer (client.api): its data once the status is the expected one, else a failure naming both. */
export async function okApi<T>(res: { data?: T; error?: unknown; response: Response }, status: number): Promise<T> {
  if (res.response.status !== status) throw new Error(`expected ${status}, got ${res.response.status}: ${JSON.stringify(res.error)}`);
  return res.data as T;
}

/** What a route takes as its JSON body, from the route's own schema: `ApiBody<'/api/expenses', 'post'>`. */
export type ApiBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** What a route answers with a given status: `ApiAnswer<'/api/me', 'get'>`. */
export type ApiAnswer<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer A } } };
}
  ? A
  : never;

export const STRONG_PASSWORD = 'correct horse battery staple';

let counter = 0;
export function uniqueEmail(prefix = 'owner') {
  counter += 1;
  return `${prefix}-${counter}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs up a new business and (optionally) assigns its owner; returns the signed-in client. */
export async function signUpBusiness(
  server: TestServer,
  options: { businessName?: string; fullName?: string; industry?: 'retail' | 'restaurant' | 'mechanics'; assignOwner?: boolean } = {},
) {
  const client = new ApiClient(server.url);
  const email = uniqueEmail();
  await okApi(
    await client.api.POST('/api/auth/sign-up', {
      body: {
        email,
        password: STRONG_PASSWORD,
        business_name: options.businessName ?? 'Corner Shop',
        full_name: options.fullName ?? 'Ann Lee',
        industry: options.industry ?? 'retail',
      },
    }),
    201,
  );
  if (options.assignOwner) await okApi(await client.api.POST('/api/business/owner', { body: { full_name: options.fullName ?? 'Ann Lee' } }), 201);
  const me = await okApi(await client.api.GET('/api/me'), 200);
  return { client, email, userId: me.user!.id, businessId: me.business!.id };
}

/** The link of the newest verification e-mail to this address (the outbox row may follow the answer by a moment). */
export async function verificationTokenFor(server: TestServer, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await server.database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, 'Confirm your e-mail address for Till')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const token = rows[0] ? /signup-thank-you\?verify=([^\s]+)/.exec(rows[0].body)?.[1] : undefined;
    if (token) return decodeURIComponent(token);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification email to ${email}`);
}

/** Confirms the address through the link the user would open. */
export async function verifyEmailOf(server: TestServer, email: string): Promise<void> {
  await okApi(await new ApiClient(server.url).api.POST('/api/auth/verify-email', { body: { token: await verificationTokenFor(server, email) } }), 200);
}

/**
 * A server on which `email` is a super administrator (SUPER_ADMIN_EMAILS, signed up, address
 * confirmed), with that administrator's signed-in client.
 */
export async function startSuperAdminServer(email: string, options: TestServerOptions = {}): Promise<{ server: TestServer; root: ApiClient }> {
  const server = await startTestServer({ ...options, env: { ...options.env, SUPER_ADMIN_EMAILS: email } });
  const root = new ApiClient(server.url);
  await okApi(await root.api.POST('/api/auth/sign-up', { body: { email, password: STRONG_PASSWORD } }), 201);
  await verifyEmailOf(server, email);
  if ((await okApi(await root.api.GET('/api/me'), 200)).is_super_admin !== true) throw new Error(`${email} did not become a super admin`);
  return { server, root };
}
