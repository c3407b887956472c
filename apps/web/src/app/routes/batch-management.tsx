import { BatchesPage } from '@/features/batches/components/batches-page';
import { ProductPicker } from '@/features/stock-control/components/product-picker';

/** /batch-management (SPEC §2: inventory_management): the batches page, with stock control's product picker. */
export function BatchManagementRoute() {
  return <BatchesPage ProductPicker={ProductPicker} />;
}
