import type { StaffMember } from '@stod/domain';
import { ModalHost } from '@stod/ui/ModalHost.tsx';
import { ToastHost } from '@stod/ui/ToastHost.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { consoleRoutes } from '../app/routes.tsx';
import { initI18n } from '../i18n/index.ts';
import { startSession } from '../lib/session.ts';

let ready: Promise<void> | null = null;

/** i18next as the console starts it, in Faroese. */
export async function setUpTexts(): Promise<void> {
  ready ??= initI18n();
  await ready;
  if (i18next.language !== 'fo') await i18next.changeLanguage('fo');
}

export const members = {
  operator: {
    id: 's-1',
    name: 'Rói Rekstur',
    email: 'op@example.com',
    role: 'operator',
    stationIds: null,
  },
  station: {
    id: 's-2',
    name: 'Sára Støð',
    email: 'st@example.com',
    role: 'station',
    stationIds: [1],
  },
  kitchen: {
    id: 's-3',
    name: 'Káti Køkur',
    email: 'k@example.com',
    role: 'kitchen',
    stationIds: [1],
  },
} satisfies Record<string, StaffMember>;

/**
 * The console at a URL, signed in as `member`: its real route table in a memory router, a fresh
 * query client (no retries, so a failure shows at once) and the modal and toast hosts.
 */
export function renderConsole(url: string, member: StaffMember | null = members.operator) {
  if (member) startSession('test-token', member);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
      <ModalHost />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}
