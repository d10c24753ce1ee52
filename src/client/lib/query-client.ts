import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { getQueryFn } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});

type AsyncFn = (...args: never[]) => Promise<unknown>;

/** Options a caller may add to a feature's mutation hook (toasts, navigation). */
export type MutationConfig<Fn extends AsyncFn> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;
