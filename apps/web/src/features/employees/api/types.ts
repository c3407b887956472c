import type { ApiAnswer } from '@/lib/api';

/** An employee as the server shows it (its route schema): never the PIN, only whether there is one. */
export type Employee = ApiAnswer<'/api/employees'>['employees'][number];

/** Shown once, when it is issued: the server keeps only a hash. */
export type SetupCode = ApiAnswer<'/api/employees/{id}/setup-code', 'post'>['setup_code'];

export const employeesQueryKey = ['employees'] as const;
