import { MODAL_CLOSE_MS } from '@stod/domain';
import type { ReactNode } from 'react';
import { create } from 'zustand';

export interface ModalAction {
  /** Without a label, 'ok' shows 'Í lagi' and 'cancel' shows 'Angra'. */
  label?: string;
  role?: 'ok' | 'cancel';
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  onPress?: () => void | Promise<void>;
  /** Close the modal after onPress; true unless said otherwise. */
  closes?: boolean;
}

export interface ModalSpec {
  variant?: 'dialog' | 'sheet';
  title?: string;
  body?: ReactNode;
  actions?: ModalAction[];
  /** Escape, the backdrop and the close button close it. */
  dismissible?: boolean;
  /** The corner close button of a dismissible modal; leave it out when an action says the same. */
  closeButton?: boolean;
  /** A picture shown edge to edge above the title. */
  media?: ReactNode;
  /** Called once when the modal is closed without one of its actions. */
  onDismiss?: () => void;
  testId?: string;
}

export interface ModalEntry extends ModalSpec {
  id: number;
  closing: boolean;
}

interface ModalState {
  modals: ModalEntry[];
}

export const useModalStore = create<ModalState>(() => ({ modals: [] }));

let nextId = 1;

export function openModal(spec: ModalSpec): number {
  const id = nextId++;
  useModalStore.setState((s) => ({ modals: [...s.modals, { ...spec, id, closing: false }] }));
  return id;
}

/** Starts the close animation and removes the modal after MODAL_CLOSE_MS. */
export function closeModal(id: number, dismissed = false): void {
  const entry = useModalStore.getState().modals.find((m) => m.id === id);
  if (!entry || entry.closing) return;
  useModalStore.setState((s) => ({
    modals: s.modals.map((m) => (m.id === id ? { ...m, closing: true } : m)),
  }));
  if (dismissed) entry.onDismiss?.();
  setTimeout(() => {
    useModalStore.setState((s) => ({ modals: s.modals.filter((m) => m.id !== id) }));
  }, MODAL_CLOSE_MS);
}

export function topModal(): ModalEntry | undefined {
  return useModalStore
    .getState()
    .modals.filter((m) => !m.closing)
    .at(-1);
}

/** Closes the top modal if it may be dismissed; true when there was a modal to handle. */
export function dismissTopModal(): boolean {
  const top = topModal();
  if (!top) return false;
  if (top.dismissible !== false) closeModal(top.id, true);
  return true;
}

export function closeAllModals(): void {
  for (const m of useModalStore.getState().modals) closeModal(m.id);
}

interface ConfirmOptions {
  title: string;
  body?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  testId?: string;
}

/** A dialog with 'Í lagi' and 'Angra' (or the given labels); resolves true on confirm. */
export function confirmModal(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    openModal({
      title: options.title,
      body: options.body,
      testId: options.testId,
      onDismiss: () => resolve(false),
      actions: [
        {
          role: 'ok',
          label: options.confirmLabel,
          variant: options.danger ? 'danger' : 'primary',
          onPress: () => resolve(true),
        },
        {
          role: 'cancel',
          label: options.cancelLabel,
          variant: 'secondary',
          onPress: () => resolve(false),
        },
      ],
    });
  });
}
