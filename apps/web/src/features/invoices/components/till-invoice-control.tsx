import { FileTextIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useMe } from '@/lib/me';

const PayInvoice = lazy(() => import('./till-invoice-dialog').then((module) => ({ default: module.PayInvoice })));

/**
 * The till's "Invoices" button (decision 038): find an unpaid invoice by its number or the
 * customer's name, and take what is owed as a till sale (card or cash) through the idempotent
 * checkout. Only the button is on /pos; the dialog's code is fetched when it is opened.
 */
export function TillInvoiceControl() {
  const me = useMe().data;
  const [open, setOpen] = useState(false);
  if (me?.settings?.enabled_features?.invoice_generation === false) return null;
  return (
    <>
      <Button variant="outline" className="px-3" onClick={() => setOpen(true)} aria-label="Invoices: pay an invoice">
        <FileTextIcon aria-hidden="true" />
        <span className="hidden @4xl:inline">Invoices</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
          {open ? (
            <Suspense fallback={<p className="text-muted-foreground">Loading…</p>}>
              <PayInvoice onClose={() => setOpen(false)} />
            </Suspense>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
