import { zodResolver } from '@hookform/resolvers/zod';
import { kitchenRejectSchema } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Field } from '@stod/ui/Field.tsx';
import { closeModal, openModal } from '@stod/ui/modal-store.ts';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { messageText } from '../i18n/index.ts';
import { READY_IN_CHOICES, useKitchenAction, type KitchenOrder } from '../lib/kitchen.ts';

/** What the board does when the API refuses an action: a notice, and the list asked again. */
export type OnProblem = (order: KitchenOrder, error: Error) => void;

interface BodyProps {
  order: KitchenOrder;
  stationId: number;
  close: () => void;
  onProblem: OnProblem;
}

function AcceptBody({ order, stationId, close, onProblem }: BodyProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const action = useKitchenAction(stationId, order.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const accept = (readyInMinutes: number) => {
    setChosen(readyInMinutes);
    action.mutate(
      { kind: 'accept', readyInMinutes },
      {
        onSuccess: close,
        onError: (error) => {
          close();
          onProblem(order, error);
        },
      },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <p id={headingId} className="text-lg font-medium text-slate-800">
        {t('kitchen.acceptText')}
      </p>
      <ul aria-labelledby={headingId} className="grid grid-cols-3 gap-3">
        {READY_IN_CHOICES.map((minutes) => (
          <li key={minutes}>
            <Button
              className="min-h-16 text-2xl tabular-nums"
              aria-label={t('kitchen.readyInLabel', { minutes })}
              pending={action.isPending && chosen === minutes}
              disabled={action.isPending}
              onClick={() => accept(minutes)}
            >
              {t('kitchen.readyIn', { minutes })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const QUICK_REASONS = ['soldOut', 'closing', 'busy', 'equipment'] as const;

function RejectBody({ order, stationId, close, onProblem }: BodyProps) {
  const { t } = useTranslation();
  const quickId = useId();
  const action = useKitchenAction(stationId, order.id);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(kitchenRejectSchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const message = form.formState.errors.reason?.message;
  const error =
    message === 'validation.required' ? t('kitchen.reasonRequired') : messageText(message);
  const submit = form.handleSubmit((values) => {
    action.mutate(
      { kind: 'reject', reason: values.reason },
      {
        onSuccess: close,
        onError: (failure) => {
          close();
          onProblem(order, failure);
        },
      },
    );
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <p className="text-base text-slate-700">{t('kitchen.rejectText')}</p>
      <p id={quickId} className="text-sm font-medium text-slate-800">
        {t('kitchen.quickReasons')}
      </p>
      <ul aria-labelledby={quickId} className="grid grid-cols-2 gap-2">
        {QUICK_REASONS.map((key) => {
          const text = t(`kitchen.reason.${key}`);
          const selected = reason === text;
          return (
            <li key={key}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() =>
                  form.setValue('reason', text, { shouldValidate: form.formState.isSubmitted })
                }
                className={cn(
                  'min-h-14 w-full rounded-2xl px-3 py-2 text-base font-semibold ring-1 ring-inset',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand',
                  selected
                    ? 'bg-night text-white ring-night'
                    : 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {text}
              </button>
            </li>
          );
        })}
      </ul>
      <Field
        label={t('kitchen.reasonLabel')}
        maxLength={200}
        error={error}
        {...form.register('reason')}
      />
      <Button type="submit" variant="danger" pending={action.isPending}>
        {t('kitchen.rejectConfirm')}
      </Button>
    </form>
  );
}

function openDialog(
  title: string,
  testId: string,
  Body: (props: BodyProps) => ReactNode,
  props: Omit<BodyProps, 'close'>,
) {
  let id = 0;
  const close = () => closeModal(id);
  id = openModal({ title, testId, body: <Body {...props} close={close} /> });
}

/** Asks when the order will be ready: one tap on a time accepts it. */
export function openAcceptDialog(props: Omit<BodyProps, 'close'>) {
  openDialog(
    i18next.t('kitchen.acceptTitle', { number: props.order.number }),
    'accept-dialog',
    AcceptBody,
    props,
  );
}

/** Asks for the reason, which the customer is told; without one nothing is sent. */
export function openRejectDialog(props: Omit<BodyProps, 'close'>) {
  openDialog(
    i18next.t('kitchen.rejectTitle', { number: props.order.number }),
    'reject-dialog',
    RejectBody,
    props,
  );
}
