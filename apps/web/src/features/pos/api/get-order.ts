import { api, dataOf } from '@/lib/api';

/** GET /api/orders/{id}: read fresh each time a parked sale is resumed (never from a cache). */
export function getOrder(orderId: string) {
  return dataOf(api.GET('/api/orders/{id}', { params: { path: { id: orderId } } }));
}
