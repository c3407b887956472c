import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload';
import { productsKey, type Product, type ProductResponse } from './types';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** What is wrong with a picked file before it is sent, or null (the server checks the bytes too). */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Choose a PNG, JPEG or WebP picture.';
  if (file.size > IMAGE_MAX_BYTES) return 'The picture is larger than 10 MB; choose a smaller one.';
  return null;
}

/** POST /api/products/{id}/image (multipart, field "file"). */
export async function uploadProductImage({ id, file, onProgress }: { id: string; file: File; onProgress?: (percent: number) => void }): Promise<Product> {
  const body = new FormData();
  body.set('file', file);
  const response = await uploadWithProgress<ProductResponse>(`/api/products/${id}/image`, {
    body,
    ...(onProgress ? { onUploadProgress: onProgress } : {}),
  });
  return response.product;
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}
