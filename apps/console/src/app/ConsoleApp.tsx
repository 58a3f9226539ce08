import { ModalHost } from '@stod/ui/ModalHost.tsx';
import { ToastHost } from '@stod/ui/ToastHost.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/api.ts';
import { consoleRoutes } from './routes.tsx';

const router = createBrowserRouter(consoleRoutes, { basename: '/console' });

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
      <ModalHost />
    </QueryClientProvider>
  );
}
