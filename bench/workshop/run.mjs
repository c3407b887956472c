// The workshop at scale (issue 18, decision 038): a shop with 50,000 repair orders (one job and one
// labour line each) on 5,000 vehicles, one of them with 100 visits. Prints the board's and a
// vehicle's history p95 (target ≤ 50 ms), an invoice PDF (target ≤ 300 ms) and the appointments week
// calendar of 20 staff with 2,000 appointments (target ≤ 100 ms), on the embedded database and then,
// with BENCH_DATABASE_URL, on PostgreSQL (give it a database of its own: it migrates it).
//   node bench/workshop/run.mjs [--orders 50000] [--reads 40]   (BENCH_ONLY=postgres skips PGlite)
// Rows are written with set-based SQL; the reads go through the HTTP app (guards, zod, JSON).
import { pathToFileURL } from 'node:url';
import { appModules, build, bundleServerModules, numberOption, ok, onEachDatabase, openInProcess, percentile, signUpBusiness } from '../lib/server.mjs';

const ORDERS = numberOption('orders', 50_000);
const READS = numberOption('reads', 40);
const VEHICLES = 5_000;
const STAFF = 20;
const APPOINTMENTS = 2_000;

build('server');
const bundle = await bundleServerModules('workshop', appModules());
const server = await import(pathToFileURL(bundle).href);

async function run(databaseUrl) {
  const { request, sql, kind, close } = await openInProcess(server, databaseUrl);
  const { businessId, userId } = await signUpBusiness(request, {
    businessName: 'Bench Garage',
    industry: 'mechanics',
    features: { vehicle_services: true, appointments_booking: true, invoice_generation: true },
  });

  const started = Date.now();
  await sql(`insert into customers (business_id, name, email) select $1, 'Customer ' || g, 'c' || g || '@example.com' from generate_series(1, $2::int) g`, [businessId, VEHICLES]);
  await sql(
    `insert into vehicles (business_id, customer_id, plate, make, model, year)
     select business_id, id, 'B' || row_number() over (order by id), 'Ford', 'Focus', 2015 from customers where business_id = $1`,
    [businessId],
  );
  // 50,000 repair orders, oldest first an hour apart; vehicle 1 (the "busy" one) has every 500th.
  await sql(
    `with v as (select id, customer_id, row_number() over (order by id) as n from vehicles where business_id = $1)
     insert into repair_orders (business_id, number, vehicle_id, customer_id, status, concerns, odometer, created_at, status_changed_at, updated_at)
     select $1, g, v.id, v.customer_id,
            (array['estimate','waiting_for_approval','approved','in_progress','ready','invoiced','paid','declined'])[1 + (g % 8)],
            'Noise from the front', 10000 + g, now() - (($2::int - g) || ' hours')::interval, now() - (($2::int - g) || ' hours')::interval, now()
       from generate_series(1, $2::int) g join v on v.n = case when g % 500 = 0 then 1 else 1 + (g % ${VEHICLES}) end`,
    [businessId, ORDERS],
  );
  await sql(
    `insert into repair_order_jobs (business_id, repair_order_id, position, title, approval)
     select business_id, id, 0, 'Brake service', 'approved' from repair_orders where business_id = $1`,
    [businessId],
  );
  await sql(
    `insert into repair_order_lines (business_id, repair_order_id, job_id, kind, description, hours_hundredths, rate, quantity, tax_rate_basis_points)
     select business_id, repair_order_id, id, 'labour', 'Fit pads', 150, 8000, 1, 2000 from repair_order_jobs where business_id = $1`,
    [businessId],
  );
  // What every change stores on the order for its board card (decision 041): one approved job, 1.5 h at 80.00, 20 % tax.
  await sql(
    `update repair_orders o set subtotal = 12000, tax = 2400, total = 14400, priced_including_tax = coalesce((select prices_include_tax from business_settings where business_id = $1), false),
            job_count = 1, approved_jobs = 1 where o.business_id = $1`,
    [businessId],
  );
  // 20 staff, one service, 2,000 half-hour appointments in next week (100 each, 14 a day from 08:00).
  await sql(`insert into employees (business_id, user_id, full_name, role) select $1, $2, 'Staff ' || g, 'cashier' from generate_series(1, ${STAFF}) g`, [businessId, userId]);
  const [{ id: serviceId }] = (await sql(`insert into appointment_services (business_id, name, duration_minutes, price) values ($1, 'Brake check', 30, 5000) returning id`, [businessId])).rows;
  const weekStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 7));
  await sql(
    `with s as (select id, row_number() over (order by id) - 1 as n from employees where business_id = $1 and full_name like 'Staff %')
     insert into appointments (business_id, service_id, employee_id, customer_name, starts_at, ends_at, price)
     select $1, $2, s.id, 'Walk-in ' || g, $3::timestamptz + ((g / ${STAFF}) / 14) * interval '1 day' + interval '8 hours' + ((g / ${STAFF}) % 14) * interval '30 minutes',
            $3::timestamptz + ((g / ${STAFF}) / 14) * interval '1 day' + interval '8 hours 30 minutes' + ((g / ${STAFF}) % 14) * interval '30 minutes', 5000
       from generate_series(0, ${APPOINTMENTS - 1}) g join s on s.n = g % ${STAFF}`,
    [businessId, serviceId, weekStart.toISOString()],
  );
  await sql(`analyze`);
  const [{ n: orderCount }] = (await sql(`select count(*)::int as n from repair_orders where business_id = $1`, [businessId])).rows;
  const [{ n: appointmentCount }] = (await sql(`select count(*)::int as n from appointments where business_id = $1`, [businessId])).rows;
  const [{ id: busyVehicle }] = (await sql(`select vehicle_id as id from repair_orders where business_id = $1 group by vehicle_id order by count(*) desc limit 1`, [businessId])).rows;
  console.log(`set-up: ${orderCount.toLocaleString('en-US')} repair orders on ${VEHICLES.toLocaleString('en-US')} vehicles, ${appointmentCount.toLocaleString('en-US')} appointments of ${STAFF} staff, in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // One repair order invoiced through the API, for the PDF.
  const ro = ok('repair order', await request('POST', '/api/workshop/repair-orders', { vehicle_id: busyVehicle, concerns: 'Brakes' })).body.repair_order;
  const job = ok('job', await request('POST', `/api/workshop/repair-orders/${ro.id}/jobs`, { title: 'Front pads' })).body.repair_order.jobs[0];
  ok('line', await request('POST', `/api/workshop/repair-orders/${ro.id}/jobs/${job.id}/lines`, { kind: 'labour', description: 'Fit pads', hours: 1.2, rate: 8000 }));
  // The customer's approval and the work are not what is measured: set them directly.
  await sql(`update repair_order_jobs set approval = 'approved' where repair_order_id = $1`, [ro.id]);
  await sql(`update repair_orders set status = 'ready' where id = $1`, [ro.id]);
  const invoiced = await request('POST', `/api/workshop/repair-orders/${ro.id}/invoice`, {});
  const invoiceId = invoiced.body?.repair_order?.invoice?.id ?? null;

  const time = async (label, target, read) => {
    const timings = [];
    for (let i = 0; i < READS + 3; i += 1) {
      const t0 = performance.now();
      ok(label, await read());
      if (i >= 3) timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);
    console.log(`${kind}: ${label} p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms over ${READS} reads (target p95 ≤ ${target} ms)`);
  };
  await time('board (latest 300 repair orders)', 50, () => request('GET', '/api/workshop/repair-orders'));
  await time('vehicle history (101 visits)', 50, () => request('GET', `/api/workshop/vehicles/${busyVehicle}`));
  const day = (offset) => new Date(weekStart.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await time('week calendar (20 staff, 2,000 appointments)', 100, () => request('GET', `/api/appointments?from=${day(0)}&to=${day(6)}`));
  if (invoiceId) await time('invoice PDF', 300, () => request('GET', `/api/invoices/${invoiceId}/pdf`));
  else console.log(`${kind}: invoice PDF not measured: invoicing answered ${invoiced.status} ${JSON.stringify(invoiced.body).slice(0, 200)}`);
  await close();
}
await onEachDatabase(run);
process.exit(0);
