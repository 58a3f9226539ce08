import { TOAST_LIFETIME_MS } from '@stod/domain';
import { create } from 'zustand';

export type ToastType = 'info' | 'warning' | 'error' | 'success';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

export const useToastStore = create<{ toasts: Toast[] }>(() => ({ toasts: [] }));

let nextId = 1;

export function removeToast(id: number): void {
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/** Shows a toast that vanishes after TOAST_LIFETIME_MS unless removed first. */
export function showToast(type: ToastType, message: string): number {
  const id = nextId++;
  useToastStore.setState((s) => ({ toasts: [...s.toasts, { id, type, message }] }));
  setTimeout(() => removeToast(id), TOAST_LIFETIME_MS);
  return id;
}
