import { formatCurrency } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { Undo2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../lib/api.ts';
import {
  oreOfKroner,
  useRefund,
  useReleaseHold,
  useResendReceipt,
  type SupportPayment,
} from '../lib/customers.ts';
import { PaymentChip } from './StateChip.tsx';
import { ReasonField } from './ReasonField.tsx';
import { dateTime } from '../lib/format.ts';

/** Gives part or all of a payment back: an amount, at most what may be given, and a reason. */
function RefundForm({
  customerId,
  payment,
  onDone,
}: {
  customerId: string;
  payment: SupportPayment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  // One name for this refund, made when the form opened: a retry refunds nothing twice.
  const key = useRef(crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const refund = useRefund(customerId, payment.id);
  const failure = refund.error instanceof ApiRequestError ? refund.error.apiError : null;
  const submit = () => {
    const ore = oreOfKroner(amount);
    const next: typeof errors = {};
    if (!Number.isFinite(ore) || ore <= 0) next.amount = t('refund.amountInvalid');
    else if (ore > payment.refundable)
      next.amount = t('refund.amountTooMuch', { amount: formatCurrency(payment.refundable) });
    if (reason.trim().length < 3) next.reason = t('refund.reasonRequired');
    setErrors(next);
    if (next.amount || next.reason) return;
    refund.mutate(
      { amount: ore, reason: reason.trim(), key: key.current },
      {
        onSuccess: () => {
          showToast('success', t('refund.done', { amount: formatCurrency(ore) }));
          onDone();
        },
      },
    );
  };
  return (
    <form
      noValidate
      data-testid="refund-form"
      aria-label={t('refund.title')}
      className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-[12rem_1fr]"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {failure && (
        <div className="sm:col-span-2">
          <Notice tone="error">{failure.message}</Notice>
        </div>
      )}
      <Field
        label={t('refund.amount')}
        hint={t('refund.amountHint', { amount: formatCurrency(payment.refundable) })}
        inputMode="decimal"
        value={amount}
        error={errors.amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setErrors({ ...errors, amount: undefined });
        }}
      />
      <ReasonField
        value={reason}
        error={errors.reason}
        onChange={(value) => {
          setReason(value);
          setErrors({ ...errors, reason: undefined });
        }}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" block={false} pending={refund.isPending}>
          {t('refund.submit')}
        </Button>
        <Button variant="ghost" block={false} onClick={onDone}>
          {t('staff.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** An action that asks for a reason first: releasing a hold, sending a receipt again. */
function ReasonAction({
  label,
  testId,
  pending,
  error,
  onConfirm,
}: {
  label: string;
  testId: string;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  if (!open)
    return (
      <Button variant="ghost" block={false} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  const failure = error instanceof ApiRequestError ? error.apiError.message : null;
  return (
    <form
      noValidate
      data-testid={testId}
      aria-label={label}
      className="flex w-full flex-col gap-3 rounded-xl bg-slate-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim().length < 3) {
          setMissing(true);
          return;
        }
        onConfirm(reason.trim(), () => setOpen(false));
      }}
    >
      {failure && <Notice tone="error">{failure}</Notice>}
      <ReasonField
        value={reason}
        error={missing ? t('refund.reasonRequired') : undefined}
        onChange={(value) => {
          setReason(value);
          setMissing(false);
        }}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" block={false} pending={pending}>
          {label}
        </Button>
        <Button variant="ghost" block={false} onClick={() => setOpen(false)}>
          {t('staff.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ReleaseHold({ customerId, payment }: { customerId: string; payment: SupportPayment }) {
  const { t } = useTranslation();
  const key = useRef(crypto.randomUUID());
  const release = useReleaseHold(customerId, payment.id);
  return (
    <ReasonAction
      label={t('payment.release')}
      testId="release-form"
      pending={release.isPending}
      error={release.error}
      onConfirm={(reason, done) =>
        release.mutate(
          { reason, key: key.current },
          {
            onSuccess: () => {
              showToast('success', t('payment.released', { amount: formatCurrency(payment.held) }));
              done();
            },
          },
        )
      }
    />
  );
}

function ResendReceipt({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation();
  const resend = useResendReceipt(receiptId);
  return (
    <ReasonAction
      label={t('payment.resend')}
      testId="resend-form"
      pending={resend.isPending}
      error={resend.error}
      onConfirm={(reason, done) =>
        resend.mutate(
          { reason },
          {
            onSuccess: () => {
              showToast('success', t('payment.resent'));
              done();
            },
          },
        )
      }
    />
  );
}

function PaymentRow({ customerId, payment }: { customerId: string; payment: SupportPayment }) {
  const { t } = useTranslation();
  const [refunding, setRefunding] = useState(false);
  const figures = [
    ['payment.held', payment.held],
    ['payment.captured', payment.captured],
    ['payment.refunded', payment.refunded],
  ] as const;
  return (
    <li
      data-testid="payment-row"
      data-payment={payment.id}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto_auto] md:items-center">
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="text-base font-semibold text-slate-900">
            {t(`customer.service.${payment.service}`, payment.service)}
          </span>
          <span className="text-sm text-slate-600">
            {dateTime(payment.createdAt)}
            {payment.card && ` · •••• ${payment.card}`}
          </span>
        </span>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {figures.map(([label, ore]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-slate-600">{t(label)}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-testid={label}>
                {formatCurrency(ore)}
              </dd>
            </div>
          ))}
        </dl>
        <span className="flex flex-wrap items-center gap-3">
          <PaymentChip status={payment.status} />
          {payment.refundable > 0 && !refunding && (
            <Button
              variant="secondary"
              block={false}
              icon={<Undo2 size={18} aria-hidden="true" />}
              onClick={() => setRefunding(true)}
            >
              {t('refund.open')}
            </Button>
          )}
        </span>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-strong">
          {t('payment.steps')}
        </summary>
        <ol className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
          {payment.steps.map((step, i) => (
            <li key={`${step.kind}-${String(i)}`} className="flex gap-3">
              <span className="w-40 shrink-0 text-slate-600">{dateTime(step.at)}</span>
              <span>{t(`payment.step.${step.kind}`, step.kind)}</span>
              {step.amount > 0 && (
                <span className="font-medium tabular-nums">{formatCurrency(step.amount)}</span>
              )}
            </li>
          ))}
        </ol>
      </details>
      {refunding && (
        <RefundForm customerId={customerId} payment={payment} onDone={() => setRefunding(false)} />
      )}
      {(payment.status === 'authorised' || payment.receiptId) && (
        <div className="flex flex-wrap gap-2">
          {payment.status === 'authorised' && (
            <ReleaseHold customerId={customerId} payment={payment} />
          )}
          {payment.receiptId && <ResendReceipt receiptId={payment.receiptId} />}
        </div>
      )}
    </li>
  );
}

/** The customer's payments, newest first, each with its figures, steps and a refund. */
export function CustomerPayments({
  customerId,
  payments,
}: {
  customerId: string;
  payments: readonly SupportPayment[];
}) {
  const { t } = useTranslation();
  if (payments.length === 0)
    return <p className="text-base text-slate-600">{t('customer.noPayments')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('customer.payments')}>
      {payments.map((payment) => (
        <PaymentRow key={payment.id} customerId={customerId} payment={payment} />
      ))}
    </ul>
  );
}
