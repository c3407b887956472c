import { OpenAPIHono, z } from '@hono/zod-openapi';
import { customerTag } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createCustomer } from './create-customer.ts';
import { customerEmail, customerName, customerNotes, customerPhone, customerTags } from './customer-input.ts';
import { getCustomer, listCustomerOrders } from './get-customer.ts';
import { listCustomers, listCustomerTags } from './list-customers.ts';
import { updateCustomer } from './update-customer.ts';

// Any actor of the business: cashiers look customers up and add them at the till.
const customersAccess = business({ feature: 'customer_management' });

const customerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
    tags: z.array(z.string()),
    marketing_unsubscribed_at: z.string().nullable().openapi({ description: 'When the customer unsubscribed from marketing e-mails (decision 051); null while subscribed' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Customer');

const customerListItemSchema = customerSchema
  .extend({
    order_count: z.number().int(),
    total_spent: z.number().int().openapi({ description: 'Paid order totals less refunds, in minor units of the business currency' }),
    last_visit_at: z.string().nullable(),
  })
  .openapi('CustomerListItem');

const customerOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.number().int().nullable(),
    status: z.string(),
    currency: z.string(),
    total: z.number().int(),
    refunded_total: z.number().int(),
    item_count: z.number().int(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
  })
  .openapi('CustomerOrder');

const idParams = z.object({ id: z.uuid() });
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(1000).optional(),
};

/** `?tag=vip&tag=staff` or one `?tag=vip`: customers with any of them. */
const tagQuery = z
  .union([z.string(), z.array(z.string()).max(20)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(customerTag).max(20));

const listRoute = defineRoute({
  method: 'get',
  path: '/api/customers',
  access: customersAccess,
  tags: ['customers'],
  summary: 'Customers by name, searched by name, email or phone (q) and by tag (tag, repeatable: any of them), with visits and money spent; a page at a time',
  request: { query: z.strictObject({ q: z.string().max(200).optional(), tag: tagQuery.optional(), ...pageQuery, limit: pageQuery.limit.default(50) }) },
  responses: {
    200: jsonResponse(z.object({ customers: z.array(customerListItemSchema), next_cursor: z.string().nullable() }), 'One page of customers'),
    ...errorResponses(400, 401, 403),
  },
});

const tagsRoute = defineRoute({
  method: 'get',
  path: '/api/customers/tags',
  access: customersAccess,
  tags: ['customers'],
  summary: 'The tags the business’s customers carry, each once, sorted (at most 500): the list’s tag filter',
  responses: { 200: jsonResponse(z.object({ tags: z.array(z.string()) }), 'Tags in use'), ...errorResponses(401, 403) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/customers',
  access: customersAccess,
  tags: ['customers'],
  summary: 'Add a customer (409 customer_email_taken when another customer has the email)',
  request: {
    body: jsonBody(
      z.strictObject({
        name: customerName,
        email: customerEmail.optional(),
        phone: customerPhone.optional(),
        notes: customerNotes.optional(),
        tags: customerTags.optional(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ customer: customerSchema }), 'Customer added'),
    ...errorResponses(400, 401, 403, 409),
  },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/customers/{id}',
  access: customersAccess,
  tags: ['customers'],
  summary: 'Edit a customer; null or blank clears email, phone or notes',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({
          name: customerName.optional(),
          email: customerEmail.optional(),
          phone: customerPhone.optional(),
          notes: customerNotes.optional(),
          tags: customerTags.optional(),
        })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ customer: customerSchema }), 'Customer updated'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const totalsSchema = z
  .object({
    order_count: z.number().int(),
    total_spent: z.number().int(),
    average_order: z.number().int(),
    first_visit_at: z.string().nullable(),
    last_visit_at: z.string().nullable(),
    currency: z.string(),
  })
  .openapi('CustomerTotals');

const getRoute = defineRoute({
  method: 'get',
  path: '/api/customers/{id}',
  access: customersAccess,
  tags: ['customers'],
  summary: 'A customer, their totals (paid orders, money spent less refunds, last visit) and the first page of their purchase history',
  request: { params: idParams, query: z.strictObject(pageQuery) },
  responses: {
    200: jsonResponse(
      z.object({ customer: customerSchema, totals: totalsSchema, orders: z.array(customerOrderSchema), next_orders_cursor: z.string().nullable() }),
      'The customer',
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

const ordersRoute = defineRoute({
  method: 'get',
  path: '/api/customers/{id}/orders',
  access: customersAccess,
  tags: ['customers'],
  summary: 'A customer’s purchase history, newest first, a page at a time',
  request: { params: idParams, query: z.strictObject(pageQuery) },
  responses: {
    200: jsonResponse(z.object({ orders: z.array(customerOrderSchema), next_cursor: z.string().nullable() }), 'One page of orders'),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const customersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listCustomers(c.var.services.database, { businessId: c.var.tenant.businessId, ...query }), 200);
  })
  .openapi(tagsRoute, async (c) => c.json(await listCustomerTags(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(createRoute, async (c) => {
    const customer = await createCustomer(c.var.services.database, c.var.tenant, c.req.valid('json'), new Date());
    return c.json({ customer }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const customer = await updateCustomer(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), new Date());
    return c.json({ customer }, 200);
  })
  .openapi(getRoute, async (c) => {
    return c.json(await getCustomer(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, c.req.valid('query')), 200);
  })
  .openapi(ordersRoute, async (c) => {
    return c.json(await listCustomerOrders(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, c.req.valid('query')), 200);
  });
