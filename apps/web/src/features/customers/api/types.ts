import type { ApiAnswer } from '@/lib/api';
import { salesQueryRoots } from '@/lib/sales-queries';

/** The customers API's answers, as its route schemas say (the typed client's generated types). */
export type CustomerListItem = ApiAnswer<'/api/customers'>['customers'][number];
export type CustomerDetail = ApiAnswer<'/api/customers/{id}'>;
/** A customer as the API returns it. */
export type Customer = CustomerDetail['customer'];
/** Paid order totals less refunds, in minor units of the business currency. */
export type CustomerTotals = CustomerDetail['totals'];
/** One order of a customer's purchase history. */
export type CustomerOrder = CustomerDetail['orders'][number];

export const customersQueryKey = salesQueryRoots.customers;
