import { cn } from '@/lib/utils';
import type { OrderDetail } from '../api/get-order-detail';
import { buildReceipt, receiptSourceFromWire, withReceiptTexts, type ReceiptRow } from '@till/core';

interface ReceiptProps {
  detail: OrderDetail;
  /** Print the receipt of this refund instead of the sale. */
  refundId?: string | null | undefined;
  className?: string;
}

function Row({ row }: { row: ReceiptRow }) {
  switch (row.kind) {
    case 'title':
      return <p className="text-center text-base leading-snug font-bold break-words">{row.text}</p>;
    case 'center':
      return <p className={cn('text-center break-words', row.strong && 'font-bold')}>{row.text}</p>;
    case 'amount':
      return (
        <div className={cn('flex items-baseline justify-between gap-3', row.indent && 'pl-[2ch]', row.strong && 'text-[1.1em] font-bold')}>
          <span className="min-w-0 break-words">{row.label}</span>
          <span className="shrink-0 text-right tabular-nums">{row.amount}</span>
        </div>
      );
    case 'text':
      return <p className={cn('break-words', row.indent && 'pl-[2ch]')}>{row.text}</p>;
    case 'rule':
      return <hr className="my-1 border-0 border-t border-dashed border-current" />;
    case 'blank':
      return <div aria-hidden="true" className="h-[1lh]" />;
  }
}

/**
 * The 80 mm receipt: the same rows the ESC/POS printer and the emailed receipt print, in
 * monospace on white, 72 mm of print width inside 4 mm margins.
 */
export function Receipt({ detail, refundId, className }: ReceiptProps) {
  const texts = detail.business && { receiptHeader: detail.business.receipt_header, receiptFooter: detail.business.receipt_footer };
  const receipt = withReceiptTexts(buildReceipt(receiptSourceFromWire(detail), { refundId }), texts);
  return (
    <article
      aria-label={receipt.heading}
      className={cn('w-[80mm] max-w-full bg-white p-[4mm] font-mono text-[12px] leading-[1.35] text-black', className)}
    >
      {receipt.rows.map((row, index) => (
        <Row key={index} row={row} />
      ))}
    </article>
  );
}
