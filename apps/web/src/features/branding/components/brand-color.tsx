import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, dataOf } from '@/lib/api';

/** Paints primary buttons in the business's colour, else the platform's (decision 057): sets --primary. */
export function BrandColor() {
  const color = useQuery({
    queryKey: ['business-branding'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/business-branding', { signal })),
  }).data?.branding.effective_color;
  useEffect(() => document.documentElement.style.setProperty('--primary', color ?? null), [color]);
  return null;
}
