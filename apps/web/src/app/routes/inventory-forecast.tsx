import { StockForecastPage } from '@/features/ai-modules/components/stock-forecast-page';

/** /inventory-forecast (SPEC §2, inventory_management): the stock forecast under its inventory name. */
export function InventoryForecastRoute() {
  return <StockForecastPage title="Inventory forecast" />;
}
