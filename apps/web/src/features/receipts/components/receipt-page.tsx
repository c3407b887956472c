import { zodResolver } from '@hookform/resolvers/zod';
import { DownloadIcon, MailIcon, PrinterIcon } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useEmployeeSession } from '@/lib/employee-session';
import { useDownloadEscPosReceipt } from '../api/download-escpos';
import { emailReceiptInput, useEmailReceipt, type EmailReceiptInput } from '../api/email-receipt';
import { useOrderDetail, type OrderDetail } from '../api/get-order-detail';
import { canAccessEmployeeFeature, isEmployeeRole, receiptDateTime, receiptMoney } from '@till/core';
import { Receipt } from './receipt';

/**
 * Only the receipt prints: it is rendered a second time straight under <body>, hidden on
 * screen, and in print everything else under <body> is hidden. 80 × 297 mm is the roll-paper
 * size receipt printer drivers offer (they stop feeding after the last line); browsers that
 * take `80mm auto` use that instead.
 */
const PRINT_CSS = `
.till-receipt-print-root { display: none; }
@media print {
  @page { size: 80mm 297mm; size: 80mm auto; margin: 0; }
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  body > *:not(.till-receipt-print-root) { display: none !important; }
  .till-receipt-print-root { display: block !important; width: 80mm; }
}
`;

function EmailReceiptForm({ detail, refundId }: { detail: OrderDetail; refundId: string | null }) {
  const send = useEmailReceipt();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailReceiptInput>({
    resolver: zodResolver(emailReceiptInput),
    defaultValues: { email: detail.customer?.email ?? '' },
  });
  const onSubmit = handleSubmit((values) =>
    send.mutate(
      { orderId: detail.order.id, email: values.email, refundId },
      {
        onSuccess: (result) => toast.success(`Receipt sent to ${result.email}`),
        onError: (error) => {
          if (isApiError(error) && error.code === 'validation_error') setError('email', { message: 'Enter a valid email address' });
        },
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email receipt</CardTitle>
        <CardDescription>A plain-text copy, sent to the customer.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-3">
          <Field>
            <Label htmlFor="receipt-email">Email address</Label>
            <Input
              id="receipt-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'receipt-email-error' : undefined}
              {...register('email')}
            />
            <FieldError id="receipt-email-error">{errors.email?.message}</FieldError>
          </Field>
          {send.isError && !(isApiError(send.error) && send.error.code === 'validation_error') ? (
            <ErrorAlert title="The receipt was not sent" error={send.error} />
          ) : null}
          <Button type="submit" disabled={send.isPending} className="justify-self-start">
            <MailIcon aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send receipt'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Sale and refund receipts of the order, to switch between. */
function ReceiptChoice({ detail, refundId }: { detail: OrderDetail; refundId: string | null }) {
  if (detail.refunds.length === 0) return null;
  const timeZone = detail.business?.time_zone ?? 'UTC';
  const choices = [
    { id: null, label: 'Sale receipt' },
    ...detail.refunds.map((refund) => ({
      id: refund.id,
      label: `Refund ${receiptMoney(refund.total, detail.order.currency)} · ${receiptDateTime(refund.created_at, timeZone)}`,
    })),
  ];
  return (
    <nav aria-label="Receipts of this order" className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <Button key={choice.id ?? 'sale'} asChild variant={choice.id === refundId ? 'default' : 'outline'}>
          <Link to={choice.id ? `?refundId=${choice.id}` : '?'} replace aria-current={choice.id === refundId ? 'page' : undefined}>
            {choice.label}
          </Link>
        </Button>
      ))}
    </nav>
  );
}

/** /orders/:orderId/receipt[?refundId=]: the printable 80 mm receipt, its ESC/POS download and an email form. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const requestedRefund = search.get('refundId');
  const detail = useOrderDetail(orderId);
  // Only roles that sell send receipts (SPEC §6 pos); the server refuses the others too.
  const session = useEmployeeSession();
  const canEmail = !session || canAccessEmployeeFeature(isEmployeeRole(session.employee_role) ? session.employee_role : null, session.permissions, 'pos');
  const download = useDownloadEscPosReceipt();
  const refundId = detail.data && requestedRefund && detail.data.refunds.some((refund) => refund.id === requestedRefund) ? requestedRefund : null;
  const unknownRefund = Boolean(detail.data && requestedRefund && !refundId);
  const title = detail.data ? (detail.data.order.number === null ? 'Receipt' : `Receipt #${detail.data.order.number}`) : 'Receipt';

  useDocumentTitle(refundId ? `Refund · ${title}` : title);

  return (
    <div className="grid gap-6">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={refundId ? `Refund · ${title}` : title}
        description="Print it on an 80 mm receipt printer, download it for a printer app, or email it."
        actions={
          detail.data ? (
            <>
              <Button onClick={() => window.print()}>
                <PrinterIcon aria-hidden="true" />
                Print
              </Button>
              <Button
                variant="outline"
                disabled={download.isPending}
                onClick={() =>
                  download.mutate(
                    { orderId, refundId, openDrawer: !refundId && (detail.data?.payments.some((payment) => payment.method === 'cash' && payment.amount > 0) ?? false) },
                    { onError: (error) => toast.error('The ESC/POS file was not downloaded', { description: errorMessage(error) }) },
                  )
                }
              >
                <DownloadIcon aria-hidden="true" />
                {download.isPending ? 'Downloading...' : 'Download ESC/POS'}
              </Button>
            </>
          ) : null
        }
      />
      {detail.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading receipt...
        </p>
      ) : detail.isError ? (
        <div className="grid max-w-lg gap-4">
          <ErrorAlert
            title={isApiError(detail.error) && detail.error.status === 404 ? 'No such order' : 'The receipt could not be loaded'}
            error={detail.error}
          />
          <Button variant="outline" onClick={() => void detail.refetch()} disabled={detail.isFetching} className="justify-self-start">
            {detail.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : (
        <>
          {unknownRefund ? <ErrorAlert title="No such refund" message="This order has no refund with that id; the sale receipt is shown." /> : null}
          <ReceiptChoice detail={detail.data} refundId={refundId} />
          <div className="grid items-start gap-6 md:grid-cols-[auto_minmax(0,24rem)]">
            <div className="justify-self-center rounded-md border shadow-sm md:justify-self-start">
              <Receipt detail={detail.data} refundId={refundId} />
            </div>
            {canEmail ? <EmailReceiptForm key={refundId ?? 'sale'} detail={detail.data} refundId={refundId} /> : null}
          </div>
          {createPortal(
            <div className="till-receipt-print-root">
              <Receipt detail={detail.data} refundId={refundId} />
            </div>,
            document.body,
          )}
        </>
      )}
    </div>
  );
}
