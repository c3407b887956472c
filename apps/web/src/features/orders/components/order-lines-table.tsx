import type { OrderLine } from '../api/types';
import { money } from '../utils/format';

export function taxRateLabel(basisPoints: number): string {
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 }).format(basisPoints / 100)}%`;
}

/** What was sold: quantity, price, discounts, tax and the line's total, and how much of it came back. */
export function OrderLinesTable({ lines, currency }: { lines: OrderLine[]; currency: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Items sold</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Item
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              Price
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium md:table-cell">
              Discount
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
              Tax
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const discount = line.line_discount_amount + line.order_discount_share;
            return (
              <tr key={line.id} className="border-t align-top">
                <td className="px-3 py-2">
                  <div className="font-medium">{line.name}</div>
                  {line.sku ? <div className="text-xs text-muted-foreground">SKU {line.sku}</div> : null}
                  {line.note ? <div className="text-xs text-muted-foreground">{line.note}</div> : null}
                  <div className="text-xs text-muted-foreground sm:hidden">
                    {money(line.unit_price, currency)} each{discount > 0 ? ` · −${money(discount, currency)}` : ''}
                  </div>
                  {line.refunded_quantity > 0 ? (
                    <div className="text-xs font-medium text-amber-800">
                      {line.refunded_quantity === line.quantity ? 'Refunded' : `${line.refunded_quantity} of ${line.quantity} refunded`}
                    </div>
                  ) : null}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">{money(line.unit_price, currency)}</td>
                <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums md:table-cell">
                  {discount > 0 ? `−${money(discount, currency)}` : <span className="text-muted-foreground">—</span>}
                </td>
                <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">
                  {money(line.tax, currency)}
                  <div className="text-xs text-muted-foreground">{taxRateLabel(line.tax_rate_basis_points)}</div>
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(line.total, currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
