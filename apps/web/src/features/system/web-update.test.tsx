// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalHost } from '@stod/ui/ModalHost.tsx';
import { closeAllModals, openModal, useModalStore } from '@stod/ui/modal-store.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpTexts } from '../../test/render.tsx';
import { UPDATE_MODAL_ID } from './update-check.ts';
import { offerWebUpdate } from './web-update.ts';

beforeAll(() => setUpTexts());
afterEach(() => {
  closeAllModals();
  useModalStore.setState({ modals: [] });
});

describe('the offer of a new web build', () => {
  it('asks in the update modal, and "Dagfør nú" starts the new build', async () => {
    render(<ModalHost />);
    const apply = vi.fn();
    await offerWebUpdate(apply);

    const modal = await screen.findByRole('dialog', { name: 'Nýggj dagføring' });
    expect(modal.textContent).toContain('Ein nýggj útgáva av appini er tøk.');
    await userEvent.click(screen.getByRole('button', { name: 'Dagfør nú' }));
    expect(apply).toHaveBeenCalledOnce();
    // It stays until the page reloads under the new worker.
    expect(screen.getByRole('dialog', { name: 'Nýggj dagføring' })).toBeTruthy();
  });

  it('"Seinni" leaves the new build for the next start', async () => {
    render(<ModalHost />);
    const apply = vi.fn();
    await offerWebUpdate(apply);
    await userEvent.click(await screen.findByRole('button', { name: 'Seinni' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apply).not.toHaveBeenCalled();
  });

  it('does not stack on an update modal already open (the store version check)', async () => {
    openModal({ testId: UPDATE_MODAL_ID, title: 'Nýggj dagføring' });
    await offerWebUpdate(vi.fn());
    expect(useModalStore.getState().modals).toHaveLength(1);
  });
});

describe('registering the service worker', () => {
  // A fresh module each time: it registers once per page.
  const load = () => import('./web-update.ts');
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
    delete (globalThis as { Capacitor?: unknown }).Capacitor;
  });

  function stubWorkerApi() {
    const register = vi.fn(() => new Promise<never>(() => undefined));
    vi.stubGlobal('navigator', { serviceWorker: { register, controller: null } });
    return register;
  }

  it('happens in a production build in a browser, once the page has loaded and is idle', async () => {
    vi.stubEnv('PROD', true);
    const register = stubWorkerApi();
    const { watchWebUpdates, wantsServiceWorker } = await load();
    expect(wantsServiceWorker()).toBe(true);
    watchWebUpdates();
    expect(register).not.toHaveBeenCalled();
    await waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js'), { timeout: 3_000 });
    // Once per page: the shell mounting again does not register again.
    watchWebUpdates();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(register).toHaveBeenCalledOnce();
  });

  it('never happens in development, in the native shells or without the API', async () => {
    const register = stubWorkerApi();
    vi.stubEnv('PROD', false);
    expect((await load()).wantsServiceWorker()).toBe(false);

    vi.stubEnv('PROD', true);
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    expect((await load()).wantsServiceWorker()).toBe(false);
    (await load()).watchWebUpdates();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(register).not.toHaveBeenCalled();

    delete (globalThis as { Capacitor?: unknown }).Capacitor;
    vi.stubGlobal('navigator', { userAgent: 'old' });
    expect((await load()).wantsServiceWorker()).toBe(false);
  });
});
