import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { aiTrainingJobs } from '../src/db/schema/index.ts';
import { aiTrainingSettings, runPendingAiTraining } from '../src/modules/ai-modules/train-ai-modules.ts';
import { trainingHooks } from '../src/modules/ai-modules/train-models.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

/**
 * Issue 15: training the AI modules runs in the background (decision 042). The train request
 * answers at once with a job kept in the database; a second request finds the same job; a sale
 * completes while a training is in the middle of reading the history; a training finishes while
 * sales are rung up back to back (decision 072); a job left "running" by a process that stopped is
 * taken over.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  trainingHooks.afterPage = null;
});

const FEATURES = { reporting_analytics: true, inventory_management: true, customer_management: true, employee_management: true, pos_system: true };
const HISTORY_DAYS = 84;
const WEEKLY_UNITS = [3, 2, 2, 3, 4, 6, 5];

/** A shop with a product and 84 days of one sale a day (a weekly pattern), written straight into the database. */
async function shop() {
  const owner = await staffBusiness(server, { features: FEATURES, timeZone: 'UTC' });
  const [mug] = await seedProducts(server, owner.businessId, [{ name: 'Mug', price: 1000, taxBasisPoints: 0, trackStock: true, stock: 100_000 }]);
  const me = await owner.client.api.GET('/api/me');
  await server.database.db.execute(sql`
    insert into orders (id, business_id, number, status, actor_user_id, store_id, currency, prices_include_tax, subtotal, discount_total, tax_total, total, paid_total, created_at, paid_at)
    select gen_random_uuid(), ${owner.businessId}, d, 'paid', ${me.data!.user!.id}, (select id from stores where business_id = ${owner.businessId} and is_default), 'USD', false,
           u * 1000, 0, 0, u * 1000, u * 1000, t, t
      from generate_series(1, ${HISTORY_DAYS}) d
      cross join lateral (select (current_date - d)::timestamp + interval '12 hours' as t) ts
      cross join lateral (select (array[${sql.raw(WEEKLY_UNITS.join(', '))}])[extract(isodow from current_date - d)::int] as u) units`);
  await server.database.db.execute(sql`
    insert into order_lines (business_id, order_id, position, product_id, name, unit_price, quantity, tax_rate_basis_points, gross, line_discount_amount, order_discount_share, net, tax, total)
    select o.business_id, o.id, 0, ${mug!.id}, 'Mug', 1000, o.total / 1000, 0, o.total, 0, 0, o.total, 0, o.total from orders o where o.business_id = ${owner.businessId}`);
  await server.database.db.execute(sql`
    insert into order_counters (business_id, last_number) values (${owner.businessId}, ${HISTORY_DAYS})
    on conflict (business_id) do update set last_number = excluded.last_number`);
  const sell = () =>
    owner.client.api.POST('/api/checkout', { body: { idempotency_key: randomUUID(), lines: [{ product_id: mug!.id, quantity: 1 }], payments: [{ method: 'cash', amount: 1000 }], expected_total: 1000 } });
  return { ...owner, mug: mug!, sell };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** Polls GET /api/ai/training until the job is done or failed. */
async function finished(s: Shop) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { data } = await s.client.api.GET('/api/ai/training');
    if (data?.job && ['done', 'failed'].includes(data.job.status)) return data.job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the training did not finish');
}

/** Asks for a training (the route takes no body). */
const train = (s: Shop) => s.client.api.POST('/api/ai/training');

/** Holds the next training after its first page read until `release()`; `reached` resolves once it is held. */
function holdTraining() {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (reached = resolve));
  trainingHooks.afterPage = async () => {
    trainingHooks.afterPage = null;
    reached();
    await gate;
  };
  return { held, release };
}

describe('training the AI modules in the background', { timeout: 120_000 }, () => {
  it('answers at once with a job, which reaches done; the hub then shows each module and the accuracy', async () => {
    const s = await shop();
    expect((await s.client.api.GET('/api/ai/training')).data!.job).toBeNull();
    const started = await train(s);
    expect(started.response.status).toBe(202);
    expect(started.data).toMatchObject({ created: true, job: { id: expect.any(String), trigger: 'request', requested_at: expect.any(String), finished_at: null, error: null } });
    expect(['queued', 'running']).toContain(started.data!.job.status);
    const job = await finished(s);
    expect(job).toMatchObject({ id: started.data!.job.id, status: 'done', attempts: 1, error: null, started_at: expect.any(String), finished_at: expect.any(String) });
    expect(Date.parse(job.finished_at!)).toBeGreaterThanOrEqual(Date.parse(job.started_at!));
    // Written with "done": the hub's summary of each module, as trained.
    const [row] = await server.database.withTenant(s.businessId, (tx) => tx.select().from(aiTrainingJobs));
    expect((row!.modules as { key: string }[]).map((module) => module.key)).toEqual(['sales_prediction', 'stock_forecast', 'product_recommendation', 'customer_footpath']);
    const hub = await s.client.api.GET('/api/ai/modules');
    expect(hub.response.status).toBe(200);
    const modules = hub.data!.modules;
    const sales = modules.find((module) => module.key === 'sales_prediction')!;
    expect(sales).toMatchObject({ enough_history: true, summary: `Net sales for the next 28 days, learnt from ${HISTORY_DAYS} days of sales.` });
    expect(sales.accuracy!.held_out_days).toBe(56);
    expect(sales.accuracy!.mape).toBeLessThan(1);
    expect(modules.find((module) => module.key === 'stock_forecast')).toMatchObject({ enough_history: true });
    // The trained models are what the module pages answer with (same training time).
    const page = await s.client.api.GET('/api/ai/sales-prediction');
    expect(page.data).toMatchObject({ status: 'ok', computed_at: sales.computed_at });
  });

  it('a second request while one runs answers with the same job, and a sale completes while it is reading the history', async () => {
    const s = await shop();
    const hold = holdTraining();
    const first = await train(s);
    expect(first.response.status).toBe(202);
    const firstId = first.data!.job.id;
    await hold.held;
    // The training is in the middle of its reads: the job runs, and a sale goes through.
    const second = await train(s);
    expect(second.response.status).toBe(202);
    expect(second.data).toMatchObject({ created: false, job: { id: firstId, status: 'running' } });
    const sale = await s.sell();
    expect(sale.response.status).toBe(201);
    expect((await s.client.api.GET('/api/ai/training')).data!.job).toMatchObject({ id: firstId, status: 'running', finished_at: null });
    const jobs = await server.database.withTenant(s.businessId, (tx) => tx.select({ id: aiTrainingJobs.id }).from(aiTrainingJobs));
    expect(jobs).toHaveLength(1);
    hold.release();
    expect(await finished(s)).toMatchObject({ id: firstId, status: 'done' });
    // Once done, a new request starts a new job.
    const third = await train(s);
    expect(third.data!.created).toBe(true);
    expect(third.data!.job.id).not.toBe(firstId);
    await finished(s);
  });

  it('finishes while a till in the same process rings up sales back to back, with nothing but promises between them (decision 072)', async () => {
    const s = await shop();
    // The app called in this process, as the bench's till does: no socket, so a sale and the next
    // one are one chain of promises, and on PGlite only the database gives the event loop a turn.
    const app = createApp(server.services);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await app.request(path, { method, headers: { 'content-type': 'application/json', cookie: s.client.cookieHeader() }, ...(body ? { body: JSON.stringify(body) } : {}) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const started = await call('POST', '/api/ai/training', {});
    expect(started.status).toBe(202);
    const t0 = performance.now();
    let sales = 0;
    let job = started.body.job;
    while (!['done', 'failed'].includes(job.status) && performance.now() - t0 < 60_000) {
      const sale = await call('POST', '/api/checkout', { idempotency_key: randomUUID(), lines: [{ product_id: s.mug.id, quantity: 1 }], payments: [{ method: 'cash', amount: 1000 }], expected_total: 1000 });
      expect(sale.status).toBe(201);
      sales += 1;
      job = (await call('GET', '/api/ai/training')).body.job;
    }
    // Before, the training's pauses between pages and its fits in the worker thread each waited
    // until the session cache expired (10 s) and a session check gave the loop a turn.
    expect(job).toMatchObject({ id: started.body.job.id, status: 'done' });
    expect(sales).toBeGreaterThan(0);
    expect(performance.now() - t0).toBeLessThan(30_000);
  });

  it('takes over a job left running by a process that stopped, and leaves a live one alone', async () => {
    const s = await shop();
    // Another process holds a job and is alive (fresh heartbeat): asked again, it is that job, untouched.
    const [live] = await server.database.withTenant(s.businessId, (tx) =>
      tx.insert(aiTrainingJobs).values({ businessId: s.businessId, status: 'running', startedAt: new Date(), heartbeatAt: new Date(), claimedBy: 'other-host:1:alive', attempts: 1 }).returning(),
    );
    const asked = await train(s);
    expect(asked.data).toMatchObject({ created: false, job: { id: live!.id, status: 'running', attempts: 1 } });
    expect(await runPendingAiTraining(server.database)).toEqual({ claimed: 0 });
    // Its process stops: no heartbeat for longer than the take-over time.
    const stale = new Date(Date.now() - aiTrainingSettings.takeOverAfterMs - 60_000);
    await server.database.withTenant(s.businessId, (tx) => tx.update(aiTrainingJobs).set({ heartbeatAt: stale, startedAt: stale }).where(sql`id = ${live!.id}`));
    const again = await train(s);
    expect(again.response.status).toBe(202);
    expect(again.data).toMatchObject({ created: false, job: { id: live!.id, status: 'running', attempts: 2 } });
    expect(Date.parse(again.data!.job.started_at!)).toBeGreaterThan(stale.getTime());
    expect(await finished(s)).toMatchObject({ id: live!.id, status: 'done', attempts: 2 });
  });

  it('the sweep claims a job left running by a stopped process without anyone asking', async () => {
    const s = await shop();
    const stale = new Date(Date.now() - aiTrainingSettings.takeOverAfterMs - 60_000);
    const [left] = await server.database.withTenant(s.businessId, (tx) =>
      tx.insert(aiTrainingJobs).values({ businessId: s.businessId, status: 'running', startedAt: stale, heartbeatAt: stale, claimedBy: 'gone-host:1:dead', attempts: 1 }).returning(),
    );
    expect((await runPendingAiTraining(server.database)).claimed).toBeGreaterThanOrEqual(1);
    expect(await finished(s)).toMatchObject({ id: left!.id, status: 'done', attempts: 2 });
  });

  it('SPEC §6: training is for who may view reports (a cashier gets 403)', async () => {
    const s = await shop();
    const cashier = await addEmployee(s.client, { full_name: 'Cass Hier', role: 'cashier', pin: '482913' });
    const token = await pinSignIn(s.client, cashier.employee.id, '482913');
    const refusals = { POST: () => s.client.api.POST('/api/ai/training', { headers: as(token) }), GET: () => s.client.api.GET('/api/ai/training', { headers: as(token) }) };
    for (const [method, ask] of Object.entries(refusals)) {
      const refused = await ask();
      expect(refused.response.status, method).toBe(403);
      expect(refused.error?.error.code).toBe('forbidden');
    }
    expect((await s.client.api.GET('/api/ai/training')).data!.job).toBeNull();
  });
});
