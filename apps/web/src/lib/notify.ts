import type { ToastType } from '@stod/ui/toast-store.ts';

const store = () => import('@stod/ui/toast-store.ts');

/**
 * Shows a toast from code on a budgeted first paint (/login): the toast store, which needs the
 * domain's timing constants, is loaded on demand instead of with the screen. Answers the toast's
 * id, for `withdraw`.
 */
export function notify(type: ToastType, message: string): Promise<number> {
  return store().then((m) => m.showToast(type, message));
}

/** Removes a toast `notify` showed, if it is still there. */
export function withdraw(id: Promise<number>): void {
  void Promise.all([store(), id]).then(([m, shown]) => m.removeToast(shown));
}
