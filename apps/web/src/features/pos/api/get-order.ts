import { apiClient } from '@/lib/api-client';
import type { OrderDetail } from './types';

/** GET /api/orders/{id}: read fresh each time a parked sale is resumed (never from a cache). */
export function getOrder(orderId: string) {
  return apiClient.get<OrderDetail>(`/api/orders/${encodeURIComponent(orderId)}`);
}
