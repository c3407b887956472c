import { useMutation } from '@tanstack/react-query';
import { api, fileOf } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/**
 * GET /api/orders/{id}/receipt.escpos[?refund_id=], saved as a file: raw printer commands for
 * an 80 mm ESC/POS printer (send them as they are, e.g. `lp -o raw`). Fetched through the API
 * client rather than a plain link, so an employee signed in on the till is the one asking.
 */
export async function downloadEscPosReceipt(input: { orderId: string; refundId?: string | null; openDrawer?: boolean }): Promise<void> {
  const { blob, fileName } = await fileOf(
    api.GET('/api/orders/{id}/receipt.escpos', {
      params: {
        path: { id: input.orderId },
        // A cash sale's receipt starts with the drawer-kick pulse: the printer opens the drawer (issue 12).
        query: { refund_id: input.refundId ?? undefined, open_drawer: input.openDrawer ? 'true' : undefined },
      },
      parseAs: 'blob',
    }),
  );
  saveFile(blob, fileName ?? 'receipt.bin');
}

export function useDownloadEscPosReceipt() {
  return useMutation({ mutationFn: downloadEscPosReceipt });
}
