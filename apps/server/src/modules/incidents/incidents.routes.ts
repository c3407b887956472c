import { OpenAPIHono, z } from '@hono/zod-openapi';
import { INCIDENT_PHOTOS_BUCKET, INCIDENT_PHOTOS_PER_INCIDENT, INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES, isoInstantInput, multiLine, singleLine, SYSTEM_BUCKETS } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { photoTooLargeMessage, uploadBodyLimit } from '../../lib/uploads.ts';
import { exportIncidentsCsv, getIncident, INCIDENT_CSV_COLUMNS, listIncidentOwners, listIncidents } from './list-incidents.ts';
import { attachIncidentPhoto, removeIncidentPhoto } from './incident-photo.ts';
import { addIncidentAction, changeIncidentAction, createIncident, updateIncident } from './save-incident.ts';

// SPEC §2: /incidents is login guarded; SPEC §6 leaves it an open page: anyone of the business may log one.
const incidentsAccess = business();

const actionSchema = z.object({ id: z.uuid(), description: z.string(), owner: z.object({ id: z.uuid(), name: z.string() }).nullable(), done: z.boolean(), done_at: z.string().nullable() });

const incidentSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(INCIDENT_TYPES),
    severity: z.enum(INCIDENT_SEVERITIES),
    occurred_at: z.string(),
    location: z.string().nullable(),
    description: z.string(),
    people_involved: z.string().nullable(),
    status: z.enum(INCIDENT_STATUSES),
    closed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    actions: z.array(actionSchema),
    photos: z
      .array(z.object({ id: z.uuid(), url: z.string().openapi({ description: 'A signed URL that reads the photo for about an hour' }), created_at: z.string() }))
      .openapi({ description: `The incident’s photos (at most ${INCIDENT_PHOTOS_PER_INCIDENT}), oldest first` }),
  })
  .openapi('Incident');

const when = isoInstantInput().transform((text) => new Date(text));
const location = singleLine(z.string().trim().max(200)).nullable();
const description = multiLine(z.string().trim().min(1, 'Say what happened').max(4000));
const people = multiLine(z.string().trim().max(1000)).nullable();
const actionText = singleLine(z.string().trim().min(1, 'Say what is to be done').max(500));
const actionInput = z.strictObject({ description: actionText, owner_id: z.uuid().nullable().optional() });
const toActionInput = (body: z.infer<typeof actionInput>) => ({ description: body.description, ownerId: body.owner_id });

const filterQuery = z.strictObject({
  status: z.enum(INCIDENT_STATUSES).optional(),
  type: z.enum(INCIDENT_TYPES).optional(),
  severity: z.enum(INCIDENT_SEVERITIES).optional(),
  from: when.optional(),
  to: when.optional(),
});

const idParams = z.strictObject({ id: z.uuid() });
const actionParams = z.strictObject({ id: z.uuid(), actionId: z.uuid() });
const one = (description: string) => jsonResponse(z.object({ incident: incidentSchema }), description);

const listRoute = defineRoute({
  method: 'get',
  path: '/api/incidents',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'Incidents, newest first (at most 1000), with their follow-up actions; filters status, type, severity, from and to (occurred_at)',
  request: { query: filterQuery },
  responses: { 200: jsonResponse(z.object({ incidents: z.array(incidentSchema) }), 'Incidents'), ...errorResponses(400, 401, 403) },
});

const exportRoute = defineRoute({
  method: 'get',
  path: '/api/incidents/export.csv',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'The filtered incidents as CSV',
  request: { query: filterQuery },
  responses: {
    200: { description: `CSV: ${INCIDENT_CSV_COLUMNS.join(', ')}`, content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

const ownersRoute = defineRoute({
  method: 'get',
  path: '/api/incidents/owners',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'The active employees a follow-up action may be given to',
  responses: {
    200: jsonResponse(z.object({ owners: z.array(z.object({ id: z.uuid(), name: z.string(), role: z.string() })) }), 'Employees'),
    ...errorResponses(401, 403),
  },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/api/incidents/{id}',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'One incident with its follow-up actions',
  request: { params: idParams },
  responses: { 200: one('Incident'), ...errorResponses(400, 401, 403, 404) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/incidents',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'Log an incident (type, severity, when, where, what, who), optionally with follow-up actions; audited',
  request: {
    body: jsonBody(
      z.strictObject({
        type: z.enum(INCIDENT_TYPES),
        severity: z.enum(INCIDENT_SEVERITIES),
        occurred_at: when,
        location: location.optional(),
        description,
        people_involved: people.optional(),
        actions: z.array(actionInput).max(20).optional(),
      }),
    ),
  },
  responses: { 201: one('Logged'), ...errorResponses(400, 401, 403, 422) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/incidents/{id}',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'Change an incident, or close (status closed) or reopen it; audited',
  request: {
    params: idParams,
    body: jsonBody(
      z.strictObject({
        type: z.enum(INCIDENT_TYPES).optional(),
        severity: z.enum(INCIDENT_SEVERITIES).optional(),
        occurred_at: when.optional(),
        location: location.optional(),
        description: description.optional(),
        people_involved: people.optional(),
        status: z.enum(INCIDENT_STATUSES).optional(),
      }),
    ),
  },
  responses: { 200: one('Changed'), ...errorResponses(400, 401, 403, 404) },
});

const addActionRoute = defineRoute({
  method: 'post',
  path: '/api/incidents/{id}/actions',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'Add a follow-up action with its owner (an active employee; 422 otherwise)',
  request: { params: idParams, body: jsonBody(actionInput) },
  responses: { 201: one('Added'), ...errorResponses(400, 401, 403, 404, 422) },
});

const changeActionRoute = defineRoute({
  method: 'patch',
  path: '/api/incidents/{id}/actions/{actionId}',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'Mark a follow-up action done (or not), or change its text or owner',
  request: { params: actionParams, body: jsonBody(z.strictObject({ description: actionText.optional(), owner_id: z.uuid().nullable().optional(), done: z.boolean().optional() })) },
  responses: { 200: one('Changed'), ...errorResponses(400, 401, 403, 404, 422) },
});

const removeActionRoute = defineRoute({
  method: 'delete',
  path: '/api/incidents/{id}/actions/{actionId}',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'Remove a follow-up action',
  request: { params: actionParams },
  responses: { 200: one('Removed'), ...errorResponses(400, 401, 403, 404) },
});

/** The photo upload path; app.ts lets it past its 1 MB body limit, and this route's own limit applies. */
export const INCIDENT_PHOTO_PATH = /^\/api\/incidents\/[^/]+\/photos$/;
const photoBodyLimit = uploadBodyLimit(SYSTEM_BUCKETS[INCIDENT_PHOTOS_BUCKET].fileSizeLimit, 'image_too_large', photoTooLargeMessage(INCIDENT_PHOTOS_BUCKET));

const attachPhotoRoute = defineRoute({
  method: 'post',
  path: '/api/incidents/{id}/photos',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: `Add a photo to an incident (at most ${INCIDENT_PHOTOS_PER_INCIDENT}): multipart/form-data with a file field, a JPEG, PNG or WebP of at most 20 MB; shrunk and stripped of location data; audited`,
  middleware: [photoBodyLimit],
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.instanceof(File, { message: 'Attach the photo as the "file" field' }).openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: { 201: one('Added'), ...errorResponses(400, 401, 403, 404, 413, 415, 422) },
});

const removePhotoRoute = defineRoute({
  method: 'delete',
  path: '/api/incidents/{id}/photos/{photoId}',
  access: incidentsAccess,
  tags: ['incidents'],
  summary: 'Take a photo off an incident (and out of storage); audited',
  request: { params: z.strictObject({ id: z.uuid(), photoId: z.uuid() }) },
  responses: { 200: one('Removed'), ...errorResponses(400, 401, 403, 404) },
});

// Fixed paths first: "export.csv" and "owners" must not be read as ids.
export const incidentsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(exportRoute, async (c) => {
    const csv = await exportIncidentsCsv(c.var.services, c.var.tenant, c.req.valid('query'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="incidents-${new Date().toISOString().slice(0, 10)}.csv"`,
    });
  })
  .openapi(ownersRoute, async (c) => c.json({ owners: await listIncidentOwners(c.var.services, c.var.tenant) }, 200))
  .openapi(listRoute, async (c) => c.json({ incidents: await listIncidents(c.var.services, c.var.tenant, c.req.valid('query')) }, 200))
  .openapi(getRoute, async (c) => c.json({ incident: await getIncident(c.var.services, c.var.tenant, c.req.valid('param').id) }, 200))
  .openapi(createRoute, async (c) => {
    const { occurred_at: occurredAt, people_involved: peopleInvolved, actions, ...rest } = c.req.valid('json');
    const input = { ...rest, occurredAt, peopleInvolved, actions: actions?.map(toActionInput) };
    return c.json({ incident: await createIncident(c.var.services, c.var.tenant, input, new Date()) }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { occurred_at: occurredAt, people_involved: peopleInvolved, ...rest } = c.req.valid('json');
    const input = { ...rest, occurredAt, peopleInvolved };
    return c.json({ incident: await updateIncident(c.var.services, c.var.tenant, c.req.valid('param').id, input, new Date()) }, 200);
  })
  .openapi(addActionRoute, async (c) =>
    c.json({ incident: await addIncidentAction(c.var.services, c.var.tenant, c.req.valid('param').id, toActionInput(c.req.valid('json')), new Date()) }, 201),
  )
  .openapi(changeActionRoute, async (c) => {
    const { id, actionId } = c.req.valid('param');
    const { owner_id: ownerId, ...rest } = c.req.valid('json');
    return c.json({ incident: await changeIncidentAction(c.var.services, c.var.tenant, id, actionId, { ...rest, ownerId }, new Date()) }, 200);
  })
  .openapi(removeActionRoute, async (c) => {
    const { id, actionId } = c.req.valid('param');
    return c.json({ incident: await changeIncidentAction(c.var.services, c.var.tenant, id, actionId, 'remove', new Date()) }, 200);
  })
  .openapi(attachPhotoRoute, async (c) => {
    const bytes = new Uint8Array(await c.req.valid('form').file.arrayBuffer());
    return c.json({ incident: await attachIncidentPhoto(c.var.services, c.var.tenant, c.req.valid('param').id, bytes, new Date()) }, 201);
  })
  .openapi(removePhotoRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    return c.json({ incident: await removeIncidentPhoto(c.var.services, c.var.tenant, id, photoId, new Date()) }, 200);
  });
