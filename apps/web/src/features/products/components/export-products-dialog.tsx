import { DownloadIcon } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { StorePicker, useChosenStore } from '@/components/store-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useExportProducts } from '../api/export-products';
import type { ProductStatus } from '../api/types';

/**
 * Export with several open stores (decision 069): the stock column is one store's quantity on
 * hand, the store the import counts, so the file goes back into the same store unchanged.
 */
export function ExportProductsDialog({ status, onClose }: { status: ProductStatus; onClose: () => void }) {
  const exporter = useExportProducts();
  // Starts on the current store (the till's or the employee's), as the import dialog does.
  const [stores, storeId, setStoreId] = useChosenStore();
  const storeName = stores.find((store) => store.id === storeId)?.name ?? 'the store';
  const start = () =>
    exporter.mutate(
      { status, ...(storeId ? { storeId } : {}) },
      {
        onSuccess: () => {
          toast.success(`Exported with ${storeName}'s stock`);
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (!open && !exporter.isPending ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Export products to CSV</DialogTitle>
          <DialogDescription>
            The stock column is what one store has on hand. Import the file into the same store and its stock stays as it is.
          </DialogDescription>
        </DialogHeader>
        <StorePicker id="export-store" stores={stores} value={storeId} onChange={setStoreId} label="Stock of" />
        {exporter.isError ? <ErrorAlert title="The export failed" error={exporter.error} /> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={exporter.isPending}>
            Cancel
          </Button>
          <Button type="button" onClick={start} disabled={exporter.isPending}>
            <DownloadIcon aria-hidden="true" /> {exporter.isPending ? 'Exporting...' : 'Download CSV'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
