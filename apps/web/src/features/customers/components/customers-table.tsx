import { Badge } from '@/components/ui/badge';
import type { CustomerListItem } from '../api/types';
import { formatCustomerMoney, formatVisitDate } from '../utils/format';

interface CustomersTableProps {
  customers: CustomerListItem[];
  currency: string;
  timeZone: string;
  onOpen: (customer: CustomerListItem) => void;
}

/** Customers with their contact details and what they have bought; a row opens the customer. */
export function CustomersTable({ customers, currency, timeZone, onOpen }: CustomersTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Customers, by name</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Contact
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              Visits
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Spent
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              Last visit
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id} className="border-t hover:bg-muted/40">
              <td className="px-3 py-1">
                <button
                  type="button"
                  onClick={() => onOpen(customer)}
                  className="min-h-11 w-full rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {customer.name}
                  {/* On narrow screens the contact column is hidden: keep the email under the name. */}
                  {customer.email || customer.phone ? (
                    <span className="block text-xs font-normal text-muted-foreground md:hidden">{customer.email ?? customer.phone}</span>
                  ) : null}
                  {customer.tags.length ? (
                    <span className="mt-0.5 flex flex-wrap gap-1" aria-label={`Tags: ${customer.tags.join(', ')}`}>
                      {customer.tags.map((tag) => (
                        <Badge key={tag} variant="secondary" className="font-normal">
                          {tag}
                        </Badge>
                      ))}
                    </span>
                  ) : null}
                </button>
              </td>
              <td className="hidden px-3 py-2 text-muted-foreground md:table-cell">
                <div className="break-all">{customer.email ?? ''}</div>
                <div>{customer.phone ?? ''}</div>
                {!customer.email && !customer.phone ? '—' : null}
              </td>
              <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{customer.order_count}</td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                {formatCustomerMoney(customer.total_spent, currency)}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {customer.order_count} {customer.order_count === 1 ? 'visit' : 'visits'}
                </span>
              </td>
              <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{formatVisitDate(customer.last_visit_at, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
