import { eq } from 'drizzle-orm';
import { employees } from '../src/db/schema/index.ts';
import { ApiClient, okApi, signUpBusiness, type ApiBody, type TestServer } from './harness.ts';

/** Shared set-up for the employee, employee-session and time-clock tests. */
export const EMPLOYEE_HEADER = 'x-employee-session';
export const as = (token: string) => ({ [EMPLOYEE_HEADER]: token });
export const sessionIdOf = (token: string) => token.split('.')[0]!;

export interface StaffBusiness {
  client: ApiClient;
  businessId: string;
  userId: string;
  ownerEmployeeId: string;
}

/** A business with its owner assigned and the features these tests need switched on. */
export async function staffBusiness(
  server: TestServer,
  options: { businessName?: string; features?: Record<string, boolean>; timeZone?: string } = {},
): Promise<StaffBusiness> {
  const { client, businessId, userId } = await signUpBusiness(server, { businessName: options.businessName ?? 'Staff Shop', assignOwner: true });
  await okApi(
    await client.api.PATCH('/api/business-settings', {
      body: {
        enabled_features: options.features ?? { employee_management: true, time_tracking: true },
        ...(options.timeZone ? { time_zone: options.timeZone } : {}),
      },
    }),
    200,
  );
  const [owner] = await server.database.withTenant(businessId, (tx) =>
    tx.select({ id: employees.id }).from(employees).where(eq(employees.role, 'business_owner')),
  );
  return { client, businessId, userId, ownerEmployeeId: owner!.id };
}

export async function addEmployee(client: ApiClient, body: ApiBody<'/api/employees', 'post'>) {
  return okApi(await client.api.POST('/api/employees', { body }), 201);
}

/**
 * A new browser paired as a till of the owner's business with a code from settings (issue 10):
 * it holds only the till credential, no account session.
 */
export async function pairTill(owner: ApiClient, name = 'Till'): Promise<ApiClient> {
  const { code } = await okApi(await owner.api.POST('/api/registers/pairing-codes'), 201);
  const till = owner.fresh();
  await okApi(await till.api.POST('/api/registers/pair', { body: { code, name } }), 201);
  return till;
}

const tillsOfOwners = new WeakMap<ApiClient, Promise<ApiClient>>();
/** One paired till per owner client, made on first use. */
export function tillOf(owner: ApiClient): Promise<ApiClient> {
  let till = tillsOfOwners.get(owner);
  if (!till) tillsOfOwners.set(owner, (till = pairTill(owner)));
  return till;
}

/** PIN sign-in on the owner's business's till; the token also works with the owner's own client. */
export async function pinSignIn(client: ApiClient, employeeId: string, pin: string): Promise<string> {
  const till = await tillOf(client);
  return (await okApi(await till.api.POST('/api/employee-sessions', { body: { employee_id: employeeId, pin } }), 201)).token;
}

const ALL_ADMIN = {
  can_kick_employees: true,
  can_add_employees: true,
  can_view_reports: true,
  can_change_settings: true,
  can_add_categories: true,
  can_add_products: true,
  can_change_prices: true,
  can_make_orders: true,
  can_edit_product_details: true,
};

/** One signed-in employee of every role SPEC §6 distinguishes, with their tokens. */
export async function staffOfEveryRole(server: TestServer, shop: StaffBusiness) {
  const { client } = shop;
  await okApi(await client.api.PATCH('/api/employees/{id}', { params: { path: { id: shop.ownerEmployeeId } }, body: { pin: '900001' } }), 200);
  const people = {
    adminAll: await addEmployee(client, { full_name: 'Ada Admin', role: 'admin', admin_permissions: ALL_ADMIN, pin: '900002' }),
    adminNone: await addEmployee(client, { full_name: 'Abe Admin', role: 'admin', pin: '900003' }),
    adminAdd: await addEmployee(client, { full_name: 'Amy Admin', role: 'admin', admin_permissions: { can_add_employees: true }, pin: '900004' }),
    adminKick: await addEmployee(client, { full_name: 'Al Admin', role: 'admin', admin_permissions: { can_kick_employees: true }, pin: '900005' }),
    manager: await addEmployee(client, { full_name: 'Max Manager', role: 'manager', pin: '900006' }),
    cashier: await addEmployee(client, { full_name: 'Cal Cashier', role: 'cashier', pin: '900007' }),
    kitchen: await addEmployee(client, { full_name: 'Kim Kitchen', role: 'kitchen', pin: '900008' }),
  };
  const pins = { adminAll: '900002', adminNone: '900003', adminAdd: '900004', adminKick: '900005', manager: '900006', cashier: '900007', kitchen: '900008' };
  const tokens: Record<string, string> = { ownerPin: await pinSignIn(client, shop.ownerEmployeeId, '900001') };
  const ids: Record<string, string> = { ownerPin: shop.ownerEmployeeId };
  for (const [key, person] of Object.entries(people)) {
    tokens[key] = await pinSignIn(client, person.employee.id, pins[key as keyof typeof pins]);
    ids[key] = person.employee.id;
  }
  /** Headers for each actor: the owner's account alone, or one employee session. */
  const headersOf = (actor: string): Record<string, string> => (actor === 'owner' ? {} : as(tokens[actor]!));
  return { tokens, ids, headersOf };
}
