import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/react-query';
import { AuthEventsWatch } from './auth-events-watch';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthEventsWatch />
      {children}
      <Toaster position="top-center" closeButton />
    </QueryClientProvider>
  );
}
