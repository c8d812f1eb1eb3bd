import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { ToastRegion } from '../lib/toast';

/**
 * App-wide providers: the one query client (spec read policy) and the toast region — spec 000 §9:
 * one toast visible at a time, 5 s, F8 focuses the notification region. The region (sonner) loads with the first
 * toast (pwa/lib/toast.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastRegion
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        position="bottom-center"
        closeButton
        containerAriaLabel="Notiser"
        toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
      />
    </QueryClientProvider>
  );
}
