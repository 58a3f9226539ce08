import type { ToastType } from '@stod/ui/toast-store.ts';

/**
 * Shows a toast from code on a budgeted first paint (/login): the toast store, which needs the
 * domain's timing constants, is loaded on demand instead of with the screen.
 */
export function notify(type: ToastType, message: string): void {
  void import('@stod/ui/toast-store.ts').then((m) => m.showToast(type, message));
}
