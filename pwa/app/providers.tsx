import { type DehydratedState, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { ToastRegion } from '../lib/toast';

/**
 * App-wide providers: the one query client (spec read policy) and the toast region — spec 000 §9:
 * one toast visible at a time, 5 s, F8 focuses the notification region. The region (sonner) loads with the first
 * toast (pwa/lib/toast.tsx). `queryState`: the answers a server-rendered page was made with (pwa/entry-server.tsx),
 * so the browser's first render is the server's.
 */
export function AppProviders({ children, queryState }: { children: ReactNode; queryState?: DehydratedState }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={queryState}>{children}</HydrationBoundary>
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
