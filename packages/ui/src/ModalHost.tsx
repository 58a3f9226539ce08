import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';
import { closeModal, dismissTopModal, useModalStore, type ModalEntry } from './modal-store.ts';

/** Renders every open modal; the last one is on top and takes Escape. */
export function ModalHost() {
  const modals = useModalStore((s) => s.modals);
  const anyOpen = modals.length > 0;
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!anyOpen) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // The page behind takes no focus or clicks while a modal is open; toasts stay usable.
    const behind = [...(host.current?.parentElement?.children ?? [])].filter(
      (el): el is HTMLElement =>
        el instanceof HTMLElement &&
        el !== host.current &&
        !el.inert &&
        !el.hasAttribute('aria-live'),
    );
    for (const el of behind) el.inert = true;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismissTopModal();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      for (const el of behind) el.inert = false;
      window.removeEventListener('keydown', onKey);
    };
  }, [anyOpen]);

  return (
    <div ref={host} data-testid="modal-host">
      {modals.map((modal, index) => (
        <ModalFrame key={modal.id} modal={modal} isTop={index === modals.length - 1} />
      ))}
    </div>
  );
}

function ModalFrame({ modal, isTop }: { modal: ModalEntry; isTop: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const sheet = modal.variant === 'sheet';
  const dismissible = modal.dismissible !== false;
  const closeButton = dismissible && modal.closeButton !== false;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => previous?.focus();
  }, []);

  const press = async (action: NonNullable<ModalEntry['actions']>[number]) => {
    await action.onPress?.();
    if (action.closes !== false) closeModal(modal.id);
  };

  return (
    <div
      className={cn(
        'fixed inset-0 z-50 flex justify-center',
        sheet ? 'items-end' : 'items-center p-5',
        modal.closing ? 'modal-out' : 'modal-in',
      )}
      aria-hidden={isTop ? undefined : true}
    >
      <div
        className="modal-backdrop absolute inset-0 bg-slate-950/55"
        data-testid="modal-backdrop"
        onClick={() => dismissible && closeModal(modal.id, true)}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={modal.title ? titleId : undefined}
        tabIndex={-1}
        data-testid={modal.testId}
        className={cn(
          'modal-panel relative flex w-full max-w-md flex-col gap-4 bg-white p-6 text-slate-900 shadow-2xl focus:outline-none',
          sheet
            ? 'max-h-[85dvh] overflow-y-auto rounded-t-3xl pb-[calc(env(safe-area-inset-bottom)+1.5rem)]'
            : 'max-h-[calc(100dvh-2.5rem)] overflow-y-auto rounded-3xl',
        )}
      >
        {sheet && (
          <div aria-hidden="true" className="mx-auto -mt-2 h-1.5 w-10 rounded-full bg-slate-300" />
        )}
        {modal.media && (
          <div className={cn('-mx-6 shrink-0 overflow-hidden', !sheet && '-mt-6 rounded-t-3xl')}>
            {modal.media}
          </div>
        )}
        {(modal.title ?? closeButton) && (
          <div className="flex items-start gap-3">
            {modal.title && (
              <h2 id={titleId} className="flex-1 text-xl font-semibold">
                {modal.title}
              </h2>
            )}
            {closeButton && (
              <button
                type="button"
                onClick={() => closeModal(modal.id, true)}
                aria-label={t('modal.close')}
                className="-mt-2 -mr-2 ml-auto flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
              >
                <X size={22} aria-hidden="true" />
              </button>
            )}
          </div>
        )}
        {modal.body && <div className="text-base text-slate-700">{modal.body}</div>}
        {modal.actions && modal.actions.length > 0 && (
          <div className="mt-2 flex flex-col gap-3">
            {modal.actions.map((action, i) => (
              <Button
                key={i}
                variant={action.variant ?? (i === 0 ? 'primary' : 'secondary')}
                onClick={() => void press(action)}
              >
                {action.label ?? t(action.role === 'cancel' ? 'modal.cancel' : 'modal.ok')}
              </Button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
