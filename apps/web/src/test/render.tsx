import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ModalHost } from '@stod/ui/ModalHost.tsx';
import { ToastHost } from '@stod/ui/ToastHost.tsx';
import i18next from 'i18next';
import { initI18n, loadTexts, type TextBundle } from '../i18n/index.ts';
import type { RouteHandle } from '../lib/route-meta.ts';

let ready: Promise<void> | null = null;

/** i18next as the app starts it, with the texts of the screens past the guest ones. */
export async function setUpTexts(bundles: TextBundle[] = []): Promise<void> {
  ready ??= initI18n('fo');
  await ready;
  await Promise.all(['app' as const, ...bundles].map((bundle) => loadTexts(bundle)));
  if (i18next.language !== 'fo') await i18next.changeLanguage('fo');
}

interface Options {
  /** The route's pattern and the URL the screen opens at. */
  path?: string;
  url?: string;
  /** The route's handle, for screens that read their route meta. */
  handle?: RouteHandle;
}

/**
 * Renders a screen or form the way the app does: in a data router (for links, navigation and
 * route meta), with a fresh query client and the modal and toast hosts. `router` tells where a
 * navigation went; every other path renders `navigated-to`.
 */
export function renderWithApp(ui: ReactNode, { path = '/', url = path, handle }: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: ui, handle },
      { path: '*', element: <p data-testid="navigated-to">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ModalHost />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}

/** The error text shown for the field with this label, read the way a screen reader does. */
export function fieldError(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: true });
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}

/** The toasts on screen, by type. */
export function toasts(type: 'error' | 'success' | 'info' | 'warning'): string[] {
  return screen.queryAllByTestId(`toast-${type}`).map((toast) => toast.textContent);
}

export { screen, within };
