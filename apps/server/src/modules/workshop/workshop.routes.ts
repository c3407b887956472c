import { OpenAPIHono, z } from '@hono/zod-openapi';
import { INSPECTION_CONDITIONS, PAYMENT_TERMS_VALUES, REPAIR_ORDER_STATUSES, multiLine, singleLine, SYSTEM_BUCKETS } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, errorSchema, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { PUBLIC, business, defineRoute } from '../../lib/routing.ts';
import { photoTooLargeMessage, uploadBodyLimit } from '../../lib/uploads.ts';
import { addJob } from './add-job.ts';
import { addLine } from './add-line.ts';
import { createRepairOrder } from './create-repair-order.ts';
import { createVehicle } from './create-vehicle.ts';
import { decideApproval } from './decide-approval.ts';
import { decodeVehicleVin } from './decode-vehicle-vin.ts';
import { getRepairOrder } from './get-repair-order.ts';
import { getVehicle } from './get-vehicle.ts';
import { getWorkshopSettings } from './get-workshop-settings.ts';
import { invoiceRepairOrder } from './invoice-repair-order.ts';
import { startJobClock } from './start-job-clock.ts';
import { stopJobClock } from './stop-job-clock.ts';
import { listRepairOrders } from './list-repair-orders.ts';
import { listServiceDue } from './list-service-due.ts';
import { listVehicles } from './list-vehicles.ts';
import { moveRepairOrder } from './move-repair-order.ts';
import { readApproval } from './read-approval.ts';
import { removeJob } from './remove-job.ts';
import { removeLine } from './remove-line.ts';
import { saveWorkshopSettings } from './save-workshop-settings.ts';
import { sendForApproval } from './send-for-approval.ts';
import { attachInspectionPhoto, removeInspectionPhoto } from './inspection-photo.ts';
import { INSPECTION_PHOTOS_BUCKET } from './inspection-photo-url.ts';
import { setNextService } from './set-next-service.ts';
import { updateInspectionPoint } from './update-inspection-point.ts';
import { updateJob } from './update-job.ts';
import { updateRepairOrder } from './update-repair-order.ts';
import { updateVehicle } from './update-vehicle.ts';

/**
 * The mechanics workshop (issue 18, decision 030). SPEC §2 gates /vehicle-services on
 * vehicle_services; reading is open to every employee (SPEC §6 "Other pages are open"); writing
 * vehicles and repair orders is counter work: SPEC §6 pos access (cashier, manager, admin, owner;
 * not kitchen); the checklist and labour rate are settings (can_change_settings).
 */
const read = business({ feature: 'vehicle_services' });
const write = business({ feature: 'vehicle_services', employeeFeature: 'pos' });
const settings = business({ feature: 'vehicle_services', page: 'settings' });
const TAGS = ['workshop'];

const text = (max: number) => singleLine(z.string().trim().max(max));
const optionalText = (max: number) => text(max).nullish();
const money = z.number().int('Amounts are whole minor units').min(0, 'Amounts cannot be negative').max(100_000_000_000);
const hours = z.union([z.number(), z.string().max(12)]).openapi({ description: 'Decimal hours, at most two decimals (1.5 = 1 h 30)' });
const odometer = z.number().int('The odometer is a whole number').min(0, 'The odometer cannot be negative').max(9_999_999);
const idParam = z.object({ id: z.uuid() });
const jobParams = z.object({ id: z.uuid(), jobId: z.uuid() });

const vehicleSchema = z
  .object({
    id: z.uuid(),
    customer_id: z.uuid(),
    customer_name: z.string(),
    vin: z.string().nullable(),
    plate: z.string().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    year: z.number().int().nullable(),
    engine: z.string().nullable(),
    colour: z.string().nullable(),
    notes: z.string().nullable(),
    label: z.string(),
    next_service: z.object({ due_on: z.string().nullable(), due_mileage: z.number().int().nullable() }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('WorkshopVehicle');

const statusSchema = z.enum(REPAIR_ORDER_STATUSES);
const approvalSchema = z.enum(['pending', 'approved', 'declined']);

const repairOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    status: statusSchema,
    next_statuses: z.array(statusSchema),
    concerns: z.string(),
    odometer: z.number().int().nullable(),
    currency: z.string(),
    prices_include_tax: z.boolean(),
    created_at: z.string(),
    status_changed_at: z.string(),
    appointment_id: z.uuid().nullable(),
    invoice: nullableRef(
      z.object({ id: z.uuid(), number: z.number().int().nullable(), status: z.string(), total: z.number().int(), paid_total: z.number().int() }).openapi('RepairOrderInvoice'),
    ),
    vehicle: vehicleSchema,
    customer: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
    inspection: z.array(
      z.object({
        id: z.uuid(),
        label: z.string(),
        condition: z.enum(INSPECTION_CONDITIONS).nullable(),
        notes: z.string().nullable(),
        photos: z
          .array(z.object({ id: z.uuid(), url: z.string().openapi({ description: 'A signed URL that reads the photo for about an hour' }) }))
          .openapi({ description: 'The point’s photos (at most 6), oldest first' }),
      }),
    ),
    jobs: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        approval: approvalSchema,
        technician_employee_id: z.uuid().nullable(),
        technician_name: z.string().nullable(),
        actual_hours: z.string().nullable(),
        running_clocks: z.array(z.object({ employee_id: z.uuid(), employee_name: z.string(), started_at: z.string() })),
        lines: z.array(
          z.object({
            id: z.uuid(),
            kind: z.enum(['labour', 'part']),
            description: z.string(),
            hours: z.string().nullable(),
            rate: z.number().int().nullable(),
            product_id: z.uuid().nullable(),
            quantity: z.number().int(),
            unit_price: z.number().int().nullable(),
            tax_rate_basis_points: z.number().int(),
            amount: z.number().int(),
            tax: z.number().int(),
            total: z.number().int(),
          }),
        ),
        labour: z.number().int(),
        parts: z.number().int(),
        subtotal: z.number().int(),
        tax: z.number().int(),
        total: z.number().int(),
      }),
    ),
    totals: z.object({ subtotal: z.number().int(), tax: z.number().int(), total: z.number().int(), quoted_total: z.number().int() }),
    approval: nullableRef(
      z.object({
        id: z.uuid(),
        url: z.string(),
        emailed_to: z.string().nullable(),
        sent_at: z.string(),
        expires_at: z.string(),
        decided_at: z.string().nullable(),
        customer_name: z.string().nullable(),
        ip_address: z.string().nullable(),
      }),
    ),
  })
  .openapi('RepairOrder');
const repairOrderAnswer = jsonResponse(z.object({ repair_order: repairOrderSchema }), 'The repair order');

const vehicleFields = {
  vin: optionalText(40),
  plate: optionalText(20),
  make: optionalText(60),
  model: optionalText(60),
  year: z.number().int().min(1886, 'No car is older than 1886').max(2100).nullish(),
  engine: optionalText(60),
  colour: optionalText(40),
  notes: multiLine(z.string().max(2000)).nullish(),
  odometer: odometer.optional(),
};

// --- vehicles ----------------------------------------------------------------------------------

const listVehiclesRoute = defineRoute({
  method: 'get',
  path: '/api/workshop/vehicles',
  access: read,
  tags: TAGS,
  summary: 'Vehicles matching a plate, a VIN or their owner’s name (at most 100)',
  request: { query: z.object({ q: text(100).optional() }) },
  responses: { 200: jsonResponse(z.object({ vehicles: z.array(vehicleSchema) }), 'Vehicles'), ...errorResponses(400, 401, 403) },
});

const createVehicleRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/vehicles',
  access: write,
  tags: TAGS,
  summary: 'Add a customer’s vehicle; the VIN is checked (ISO 3779 check digit) and fills make and year when left out',
  request: { body: jsonBody(z.strictObject({ customer_id: z.uuid(), ...vehicleFields })) },
  responses: { 201: jsonResponse(z.object({ vehicle: vehicleSchema }), 'Added'), ...errorResponses(400, 401, 403, 409, 422) },
});

const getVehicleRoute = defineRoute({
  method: 'get',
  path: '/api/workshop/vehicles/{id}',
  access: read,
  tags: TAGS,
  summary: 'A vehicle with its odometer readings and service history',
  request: { params: idParam },
  responses: {
    200: jsonResponse(
      z.object({
        vehicle: vehicleSchema,
        currency: z.string(),
        odometer: z.array(z.object({ reading: z.number().int(), recorded_at: z.string(), repair_order_id: z.uuid().nullable() })),
        history: z.array(
          z.object({
            id: z.uuid(),
            number: z.number().int(),
            status: statusSchema,
            created_at: z.string(),
            odometer: z.number().int().nullable(),
            concerns: z.string(),
            jobs: z.array(z.object({ title: z.string(), approval: approvalSchema })),
            total: z.number().int(),
          }),
        ),
      }),
      'The vehicle',
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

const updateVehicleRoute = defineRoute({
  method: 'patch',
  path: '/api/workshop/vehicles/{id}',
  access: write,
  tags: TAGS,
  summary: 'Change a vehicle’s details or owner; an odometer reading is added to its history',
  request: { params: idParam, body: jsonBody(z.strictObject({ customer_id: z.uuid().optional(), ...vehicleFields })) },
  responses: { 200: jsonResponse(z.object({ vehicle: vehicleSchema }), 'Changed'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const setNextServiceRoute = defineRoute({
  method: 'put',
  path: '/api/workshop/vehicles/{id}/next-service',
  access: write,
  tags: TAGS,
  summary: 'When the vehicle’s next service is due: a day and/or a mileage (or in N months / N km from today and the latest reading); null clears',
  request: {
    params: idParam,
    body: jsonBody(
      z.strictObject({
        due_on: z.iso.date('A day is YYYY-MM-DD').nullable().optional(),
        due_mileage: odometer.nullable().optional(),
        in_months: z.number().int('Whole months').min(1, 'At least one month').max(120, 'At most 120 months').optional(),
        in_distance: z.number().int('A whole distance').min(1, 'The distance must be positive').max(1_000_000).optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({ vehicle: vehicleSchema }), 'Set'), ...errorResponses(400, 401, 403, 404) },
});

const listServiceDueRoute = defineRoute({
  method: 'get',
  path: '/api/workshop/service-due',
  access: read,
  tags: TAGS,
  summary: 'Vehicles whose next service is overdue or due within 30 days or 1,000 on the odometer (mileage estimated from the readings over time)',
  responses: {
    200: jsonResponse(
      z.object({
        today: z.string().nullable(),
        vehicles: z.array(
          z.object({
            vehicle: vehicleSchema,
            status: z.enum(['overdue', 'due_soon']),
            due_on: z.string().nullable(),
            due_mileage: z.number().int().nullable(),
            estimated_mileage: z.number().int().nullable(),
            expected_on: z.string().nullable(),
            customer_email: z.string().nullable(),
            customer_phone: z.string().nullable(),
            reminded: z.boolean(),
          }),
        ),
      }),
      'Vehicles due for a service',
    ),
    ...errorResponses(401, 403),
  },
});

const decodeVinRoute = defineRoute({
  method: 'get',
  path: '/api/workshop/vin/{vin}',
  access: read,
  tags: TAGS,
  summary: 'Check a VIN and read what it says about itself (manufacturer, model year, plant), offline',
  request: { params: z.object({ vin: z.string().max(40) }) },
  responses: {
    200: jsonResponse(
      z.object({
        vin: z.string(),
        wmi: z.string(),
        manufacturer: z.string().nullable(),
        region: z.string(),
        model_year: z.number().int().nullable(),
        plant: z.string(),
        serial: z.string(),
      }),
      'The decoded VIN',
    ),
    ...errorResponses(400, 401, 403),
  },
});

// --- settings ----------------------------------------------------------------------------------

const settingsSchema = z.object({ inspection_points: z.array(z.string()), labour_rate: z.number().int() });

const getSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/workshop/settings',
  access: read,
  tags: TAGS,
  summary: 'The inspection checklist new repair orders start with, and the default labour rate (minor units per hour)',
  responses: { 200: jsonResponse(settingsSchema, 'Settings'), ...errorResponses(401, 403) },
});

const saveSettingsRoute = defineRoute({
  method: 'put',
  path: '/api/workshop/settings',
  access: settings,
  tags: TAGS,
  summary: 'Replace the inspection checklist and the default labour rate',
  request: { body: jsonBody(z.strictObject({ inspection_points: z.array(text(100).min(1)).min(1, 'Keep at least one point').max(60), labour_rate: money })) },
  responses: { 200: jsonResponse(settingsSchema, 'Saved'), ...errorResponses(400, 401, 403) },
});

// --- repair orders -----------------------------------------------------------------------------

const boardRoute = defineRoute({
  method: 'get',
  path: '/api/workshop/repair-orders',
  access: read,
  tags: TAGS,
  summary: 'The board: the latest 300 repair orders with vehicle, customer, status and total',
  responses: {
    200: jsonResponse(
      z.object({
        currency: z.string(),
        repair_orders: z.array(
          z.object({
            id: z.uuid(),
            number: z.number().int(),
            status: statusSchema,
            vehicle_label: z.string(),
            plate: z.string().nullable(),
            customer_name: z.string(),
            jobs: z.number().int(),
            approved_jobs: z.number().int(),
            declined_jobs: z.number().int(),
            total: z.number().int(),
            clocked_hours: z.string(),
            clocked_in: z.array(z.string()),
            status_changed_at: z.string(),
          }),
        ),
      }),
      'Repair orders',
    ),
    ...errorResponses(401, 403),
  },
});

const createOrderRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/repair-orders',
  access: write,
  tags: TAGS,
  summary: 'Open a repair order (an estimate) for a vehicle, with the customer’s concerns and the inspection checklist',
  description: 'appointment_id: the booking the car came for (once per appointment; 404 appointment_not_found, 409 appointment_already_opened / appointment_not_booked, 422 appointment_customer_mismatch).',
  request: {
    body: jsonBody(z.strictObject({ vehicle_id: z.uuid(), concerns: multiLine(z.string().max(4000)).optional(), odometer: odometer.optional(), appointment_id: z.uuid().optional() })),
  },
  responses: { 201: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const getOrderRoute = defineRoute({
  method: 'get',
  path: '/api/workshop/repair-orders/{id}',
  access: read,
  tags: TAGS,
  summary: 'A repair order with its inspection, jobs, lines and totals (priced on the server)',
  request: { params: idParam },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404) },
});

const updateOrderRoute = defineRoute({
  method: 'patch',
  path: '/api/workshop/repair-orders/{id}',
  access: write,
  tags: TAGS,
  summary: 'Change the customer’s concerns (estimates only)',
  request: { params: idParam, body: jsonBody(z.strictObject({ concerns: multiLine(z.string().max(4000)) })) },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
});

const moveOrderRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/repair-orders/{id}/status',
  access: write,
  tags: TAGS,
  summary:
    'Move a repair order by hand: estimate → approved/declined, waiting_for_approval → estimate/approved/declined, approved → in_progress/declined, in_progress → ready → invoiced → paid. Anything else is 409.',
  request: { params: idParam, body: jsonBody(z.strictObject({ status: statusSchema })) },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
});

const invoiceOrderRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/repair-orders/{id}/invoice',
  access: write,
  tags: TAGS,
  summary: 'Invoice a ready repair order: an issued invoice from its approved jobs, linked to it; the order becomes invoiced (409 when not ready or already invoiced)',
  description: 'Needs invoice_generation as well. The invoice is then paid at the till through POST /api/checkout with invoice_id (decision 038).',
  request: { params: idParam, body: jsonBody(z.strictObject({ payment_terms: z.enum(PAYMENT_TERMS_VALUES).default('due_on_receipt') })) },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
});

const clockRoute = (action: 'start' | 'stop') =>
  defineRoute({
    method: 'post',
    path: `/api/workshop/repair-orders/{id}/jobs/{jobId}/clock/${action}`,
    access: write,
    tags: TAGS,
    summary:
      action === 'start'
        ? 'The signed-in technician (employee session) starts their clock on an approved job; one running clock each (409 otherwise)'
        : 'The signed-in technician stops their clock on this job; the time is added to the job’s actual hours',
    request: { params: jobParams },
    responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
  });
const startClockRoute = clockRoute('start');
const stopClockRoute = clockRoute('stop');

const pointRoute = defineRoute({
  method: 'patch',
  path: '/api/workshop/repair-orders/{id}/inspection/{pointId}',
  access: write,
  tags: TAGS,
  summary: 'Mark an inspection point green, yellow or red (null clears it), with notes',
  request: {
    params: z.object({ id: z.uuid(), pointId: z.uuid() }),
    body: jsonBody(z.strictObject({ condition: z.enum(INSPECTION_CONDITIONS).nullish(), notes: multiLine(z.string().max(1000)).nullish() })),
  },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
});

/** The photo upload path; app.ts lets it past its 1 MB body limit, and this route's own limit applies. */
export const INSPECTION_PHOTO_PATH = /^\/api\/workshop\/repair-orders\/[^/]+\/inspection\/[^/]+\/photos$/;
const photoBodyLimit = uploadBodyLimit(SYSTEM_BUCKETS[INSPECTION_PHOTOS_BUCKET].fileSizeLimit, 'image_too_large', photoTooLargeMessage(INSPECTION_PHOTOS_BUCKET));

const attachPhotoRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/repair-orders/{id}/inspection/{pointId}/photos',
  access: write,
  tags: TAGS,
  summary: 'Add a photo to an inspection point (at most 6 each): multipart/form-data with a file field, a JPEG, PNG or WebP of at most 20 MB',
  middleware: [photoBodyLimit],
  request: {
    params: z.object({ id: z.uuid(), pointId: z.uuid() }),
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.instanceof(File, { message: 'Attach the photo as the "file" field' }).openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
});

const removePhotoRoute = defineRoute({
  method: 'delete',
  path: '/api/workshop/repair-orders/{id}/inspection/{pointId}/photos/{photoId}',
  access: write,
  tags: TAGS,
  summary: 'Take a photo off an inspection point (not one a customer was shown in a sent estimate)',
  request: { params: z.object({ id: z.uuid(), pointId: z.uuid(), photoId: z.uuid() }) },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
});

const addJobRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/repair-orders/{id}/jobs',
  access: write,
  tags: TAGS,
  summary: 'Add a job to an estimate, optionally with its technician',
  request: { params: idParam, body: jsonBody(z.strictObject({ title: text(200).min(1, 'Name the job'), technician_employee_id: z.uuid().nullish() })) },
  responses: { 201: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const updateJobRoute = defineRoute({
  method: 'patch',
  path: '/api/workshop/repair-orders/{id}/jobs/{jobId}',
  access: write,
  tags: TAGS,
  summary: 'Rename a job (estimates only), assign its technician, or record the hours actually spent',
  request: {
    params: jobParams,
    body: jsonBody(z.strictObject({ title: text(200).min(1).optional(), technician_employee_id: z.uuid().nullish(), actual_hours: hours.nullish() })),
  },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const removeJobRoute = defineRoute({
  method: 'delete',
  path: '/api/workshop/repair-orders/{id}/jobs/{jobId}',
  access: write,
  tags: TAGS,
  summary: 'Take a job and its lines off an estimate',
  request: { params: jobParams },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
});

const lineBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('labour'), description: text(200).min(1, 'Describe the work'), hours, rate: money.optional() }),
  z.strictObject({
    kind: z.literal('part'),
    product_id: z.uuid().optional(),
    description: text(200).optional(),
    quantity: z.number().int('Whole parts only').min(1, 'At least one').max(10_000),
    unit_price: money.optional(),
  }),
]);

const addLineRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/repair-orders/{id}/jobs/{jobId}/lines',
  access: write,
  tags: TAGS,
  summary: 'Add labour (hours × rate, decimal hours) or a part (a catalogue product, or a one-off part with a name and price) to a job',
  request: { params: jobParams, body: jsonBody(lineBody) },
  responses: { 201: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const removeLineRoute = defineRoute({
  method: 'delete',
  path: '/api/workshop/repair-orders/{id}/lines/{lineId}',
  access: write,
  tags: TAGS,
  summary: 'Take a line off an estimate',
  request: { params: z.object({ id: z.uuid(), lineId: z.uuid() }) },
  responses: { 200: repairOrderAnswer, ...errorResponses(400, 401, 403, 404, 409) },
});

const sendRoute = defineRoute({
  method: 'post',
  path: '/api/workshop/repair-orders/{id}/send-for-approval',
  access: write,
  tags: TAGS,
  summary: 'Send the estimate to the customer: a signed link valid 7 days, e-mailed when the customer has an address',
  request: { params: idParam },
  responses: {
    200: jsonResponse(z.object({ repair_order: repairOrderSchema, approval_url: z.string(), emailed_to: z.string().nullable(), expires_at: z.string() }), 'Sent'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

// --- the customer's public page -----------------------------------------------------------------

const tokenParam = z.object({ token: z.string().min(1).max(600) });
const decisionSchema = z.object({
  decided_at: z.string(),
  customer_name: z.string(),
  jobs: z.array(z.object({ job_id: z.string(), decision: z.enum(['approved', 'declined']) })),
});

const readApprovalRoute = defineRoute({
  method: 'get',
  path: '/api/public/repair-approvals/{token}',
  access: PUBLIC,
  tags: TAGS,
  summary: 'The estimate an approval link shows (no sign-in): inspection, jobs with prices, and the answer once given. 410 when expired or replaced.',
  request: { params: tokenParam },
  responses: {
    200: jsonResponse(
      z.object({
        estimate: z.object({
          business_name: z.string(),
          number: z.number().int(),
          currency: z.string(),
          prices_include_tax: z.boolean(),
          customer_name: z.string(),
          vehicle: z.object({ label: z.string(), plate: z.string().nullable(), vin: z.string().nullable() }),
          concerns: z.string(),
          odometer: z.number().int().nullable(),
          inspection: z.array(
            z.object({ label: z.string(), condition: z.enum(INSPECTION_CONDITIONS).nullable(), notes: z.string().nullable(), photos: z.array(z.object({ url: z.string().openapi({ description: 'A signed URL that reads the photo for about an hour' }) })) }),
          ),
          jobs: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              lines: z.array(z.object({ kind: z.enum(['labour', 'part']), description: z.string(), hours: z.string().nullable(), quantity: z.number().int(), amount: z.number().int() })),
              subtotal: z.number().int(),
              tax: z.number().int(),
              total: z.number().int(),
            }),
          ),
          totals: z.object({ subtotal: z.number().int(), tax: z.number().int(), total: z.number().int() }),
        }),
        expires_at: z.string(),
        decision: nullableRef(decisionSchema),
      }),
      'The estimate',
    ),
    ...errorResponses(400, 404),
    410: { description: 'The link expired or was replaced', content: { 'application/json': { schema: errorSchema } } },
  },
});

const decideApprovalRoute = defineRoute({
  method: 'post',
  path: '/api/public/repair-approvals/{token}',
  access: PUBLIC,
  tags: TAGS,
  summary: 'The customer approves or declines every job and signs with their name; kept as given (a second answer is 409)',
  request: {
    params: tokenParam,
    body: jsonBody(
      z.strictObject({
        name: text(120).min(2, 'Type your name to sign'),
        jobs: z.array(z.strictObject({ job_id: z.uuid(), decision: z.enum(['approved', 'declined']) })).min(1).max(200),
      }),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ decision: decisionSchema, status: statusSchema }), 'Recorded'),
    ...errorResponses(400, 404, 409),
    410: { description: 'The link expired or was replaced', content: { 'application/json': { schema: errorSchema } } },
  },
});

const originOf = (url: string, publicUrl: string | undefined) => (publicUrl ? publicUrl.replace(/\/$/, '') : new URL(url).origin);

export const workshopRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listVehiclesRoute, async (c) => c.json(await listVehicles(c.var.services.database, c.var.tenant.businessId, c.req.valid('query').q), 200))
  .openapi(createVehicleRoute, async (c) => {
    const { customer_id, ...fields } = c.req.valid('json');
    return c.json(await createVehicle(c.var.services.database, c.var.tenant, { ...fields, customerId: customer_id }), 201);
  })
  .openapi(getVehicleRoute, async (c) => c.json(await getVehicle(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id), 200))
  .openapi(updateVehicleRoute, async (c) => {
    const { customer_id, ...fields } = c.req.valid('json');
    return c.json(await updateVehicle(c.var.services.database, c.var.tenant, c.req.valid('param').id, { ...fields, customerId: customer_id }), 200);
  })
  .openapi(setNextServiceRoute, async (c) => c.json(await setNextService(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(listServiceDueRoute, async (c) => c.json(await listServiceDue(c.var.services.database, c.var.tenant), 200))
  .openapi(decodeVinRoute, (c) => c.json(decodeVehicleVin(c.req.valid('param').vin), 200))
  .openapi(getSettingsRoute, async (c) => c.json(await getWorkshopSettings(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(saveSettingsRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await saveWorkshopSettings(c.var.services.database, c.var.tenant, { inspectionPoints: body.inspection_points, labourRate: body.labour_rate }), 200);
  })
  .openapi(boardRoute, async (c) => c.json(await listRepairOrders(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(createOrderRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await createRepairOrder(c.var.services, c.var.tenant, { vehicleId: body.vehicle_id, concerns: body.concerns, odometer: body.odometer, appointmentId: body.appointment_id }), 201);
  })
  .openapi(getOrderRoute, async (c) => c.json(await getRepairOrder(c.var.services, c.var.tenant.businessId, c.req.valid('param').id), 200))
  .openapi(updateOrderRoute, async (c) => c.json(await updateRepairOrder(c.var.services, c.var.tenant, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(startClockRoute, async (c) => c.json(await startJobClock(c.var.services, c.var.tenant, c.req.valid('param').id, c.req.valid('param').jobId, new Date()), 200))
  .openapi(stopClockRoute, async (c) => c.json(await stopJobClock(c.var.services, c.var.tenant, c.req.valid('param').id, c.req.valid('param').jobId, new Date()), 200))
  .openapi(invoiceOrderRoute, async (c) =>
    c.json(await invoiceRepairOrder(c.var.services, c.var.tenant, c.req.valid('param').id, { paymentTerms: c.req.valid('json').payment_terms }, new Date()), 200),
  )
  .openapi(moveOrderRoute, async (c) => c.json(await moveRepairOrder(c.var.services, c.var.tenant, c.req.valid('param').id, c.req.valid('json').status, new Date()), 200))
  .openapi(pointRoute, async (c) => {
    const { id, pointId } = c.req.valid('param');
    return c.json(await updateInspectionPoint(c.var.services, c.var.tenant, id, pointId, c.req.valid('json')), 200);
  })
  .openapi(attachPhotoRoute, async (c) => {
    const { id, pointId } = c.req.valid('param');
    const bytes = new Uint8Array(await c.req.valid('form').file.arrayBuffer());
    return c.json(await attachInspectionPhoto(c.var.services, c.var.tenant, id, pointId, bytes), 200);
  })
  .openapi(removePhotoRoute, async (c) => {
    const { id, pointId, photoId } = c.req.valid('param');
    return c.json(await removeInspectionPhoto(c.var.services, c.var.tenant, id, pointId, photoId), 200);
  })
  .openapi(addJobRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await addJob(c.var.services, c.var.tenant, c.req.valid('param').id, { title: body.title, technicianEmployeeId: body.technician_employee_id }), 201);
  })
  .openapi(updateJobRoute, async (c) => {
    const { id, jobId } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await updateJob(c.var.services, c.var.tenant, id, jobId, { title: body.title, technicianEmployeeId: body.technician_employee_id, actualHours: body.actual_hours }), 200);
  })
  .openapi(removeJobRoute, async (c) => {
    const { id, jobId } = c.req.valid('param');
    return c.json(await removeJob(c.var.services, c.var.tenant, id, jobId), 200);
  })
  .openapi(addLineRoute, async (c) => {
    const { id, jobId } = c.req.valid('param');
    const body = c.req.valid('json');
    const input =
      body.kind === 'labour'
        ? { kind: 'labour' as const, description: body.description, hours: body.hours, rate: body.rate }
        : body.product_id
          ? { kind: 'part' as const, productId: body.product_id, quantity: body.quantity, description: body.description, unitPrice: body.unit_price }
          : { kind: 'part' as const, description: body.description ?? '', quantity: body.quantity, unitPrice: body.unit_price! };
    if (input.kind === 'part' && !('productId' in input) && !input.description.trim()) {
      return c.json({ error: { code: 'part_name_required', message: 'Name the part, or choose one from the catalogue' } }, 400);
    }
    return c.json(await addLine(c.var.services, c.var.tenant, id, jobId, input), 201);
  })
  .openapi(removeLineRoute, async (c) => {
    const { id, lineId } = c.req.valid('param');
    return c.json(await removeLine(c.var.services, c.var.tenant, id, lineId), 200);
  })
  .openapi(sendRoute, async (c) =>
    c.json(await sendForApproval(c.var.services, c.var.tenant, c.req.valid('param').id, originOf(c.req.url, c.var.services.config.publicUrl), new Date()), 200),
  )
  .openapi(readApprovalRoute, async (c) => c.json(await readApproval(c.var.services, c.req.valid('param').token, new Date()), 200))
  .openapi(decideApprovalRoute, async (c) => {
    const body = c.req.valid('json');
    const answer = { name: body.name, jobs: body.jobs.map((job) => ({ jobId: job.job_id, decision: job.decision })) };
    return c.json(await decideApproval(c.var.services, c.req.valid('param').token, answer, c.var.clientAddress || null, new Date()), 200);
  });
