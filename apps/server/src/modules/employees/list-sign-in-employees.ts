import type { EmployeeRole } from '@till/core';
import type { Database } from '../../db/client.ts';
import { employeesRepository } from './employees.repository.ts';

export interface SignInEmployeeView {
  id: string;
  full_name: string;
  role: EmployeeRole;
  /** Without a PIN the employee must use a setup code before signing in. */
  has_pin: boolean;
}

/** The name picker of the employee sign-in screen: active employees only. */
export async function listSignInEmployees(database: Database, businessId: string): Promise<SignInEmployeeView[]> {
  const rows = await database.withTenant(businessId, (tx) => employeesRepository.listActiveForSignIn(tx, businessId));
  return rows.map((row) => ({ id: row.id, full_name: row.fullName, role: row.role, has_pin: row.hasPin }));
}
