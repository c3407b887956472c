import { OpenAPIHono, z } from '@hono/zod-openapi';
import { isoDateInput, multiLine, singleLine, TASK_NOTES_MAX, TASK_STATUSES, TASK_TITLE_MAX } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createTask } from './create-task.ts';
import { deleteTask } from './delete-task.ts';
import { listTaskAssignees, listTasks } from './list-tasks.ts';
import { updateTask } from './update-task.ts';

// SPEC §6: /tasks is an open page. Who may add, assign and edit is checked in the use-cases (decision 022).
const tasksAccess = business();

const taskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    notes: z.string().nullable(),
    assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    due_date: z.string().nullable(),
    status: z.enum(TASK_STATUSES),
    overdue: z.boolean(),
    completed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Task');

const title = singleLine(z.string().trim().min(1, 'Give the task a title').max(TASK_TITLE_MAX));
const notes = multiLine(z.string().max(TASK_NOTES_MAX)).nullable();
const idParams = z.object({ id: z.uuid() });

const listRoute = defineRoute({
  method: 'get',
  path: '/api/tasks',
  access: tasksAccess,
  tags: ['tasks'],
  summary: 'Tasks, open ones first by due day; filters status, assignee_id, overdue=true (not done, due before today in the business time zone)',
  request: {
    query: z.strictObject({
      status: z.enum(TASK_STATUSES).optional(),
      assignee_id: z.uuid().optional(),
      overdue: z.enum(['true', 'false']).optional(),
    }),
  },
  responses: { 200: jsonResponse(z.object({ tasks: z.array(taskSchema), today: z.string() }), 'Tasks'), ...errorResponses(400, 401, 403) },
});

const assigneesRoute = defineRoute({
  method: 'get',
  path: '/api/tasks/assignees',
  access: tasksAccess,
  tags: ['tasks'],
  summary: 'The active employees a task may be given to',
  responses: {
    200: jsonResponse(z.object({ assignees: z.array(z.object({ id: z.uuid(), name: z.string(), role: z.string() })) }), 'Employees'),
    ...errorResponses(401, 403),
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/tasks',
  access: tasksAccess,
  tags: ['tasks'],
  summary: 'Add a task (owner, admin or manager; 403 otherwise); 422 assignee_not_found for an employee not active in this business',
  request: {
    body: jsonBody(z.strictObject({ title, notes: notes.optional(), assignee_id: z.uuid().nullable().optional(), due_date: isoDateInput().nullable().optional() })),
  },
  responses: { 201: jsonResponse(z.object({ task: taskSchema }), 'Added'), ...errorResponses(400, 401, 403, 422) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/tasks/{id}',
  access: tasksAccess,
  tags: ['tasks'],
  summary: 'Change a task; others than the owner, admins and managers may only change the status of their own or unassigned tasks; audited',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({
          title: title.optional(),
          notes: notes.optional(),
          assignee_id: z.uuid().nullable().optional(),
          due_date: isoDateInput().nullable().optional(),
          status: z.enum(TASK_STATUSES).optional(),
        })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: { 200: jsonResponse(z.object({ task: taskSchema }), 'The task'), ...errorResponses(400, 401, 403, 404, 422) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/tasks/{id}',
  access: tasksAccess,
  tags: ['tasks'],
  summary: 'Delete a task (owner, admin or manager); audited',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errorResponses(400, 401, 403, 404) },
});

// Fixed paths first: "assignees" must not be read as a task id.
/** The body as the use-cases take it; a field not sent stays absent (an edit of the status alone is told apart by its keys). */
function taskInputOf<T extends { assignee_id?: string | null | undefined; due_date?: string | null | undefined }>(body: T) {
  const { assignee_id: assigneeId, due_date: dueDate, ...rest } = body;
  return { ...rest, ...(assigneeId !== undefined ? { assigneeId } : {}), ...(dueDate !== undefined ? { dueDate } : {}) };
}

export const tasksRoutes = new OpenAPIHono<AppEnv>()
  .openapi(assigneesRoute, async (c) => c.json({ assignees: await listTaskAssignees(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(listRoute, async (c) => {
    const { assignee_id: assigneeId, ...query } = c.req.valid('query');
    return c.json(await listTasks(c.var.services.database, c.var.tenant.businessId, { ...query, assigneeId, overdue: query.overdue === 'true' }, new Date()), 200);
  })
  .openapi(createRoute, async (c) => c.json({ task: await createTask(c.var.services.database, c.var.tenant, taskInputOf(c.req.valid('json')), new Date()) }, 201))
  .openapi(updateRoute, async (c) =>
    c.json({ task: await updateTask(c.var.services.database, c.var.tenant, c.req.valid('param').id, taskInputOf(c.req.valid('json')), new Date()) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteTask(c.var.services.database, c.var.tenant, c.req.valid('param').id);
    return c.json({ deleted: true as const }, 200);
  });
