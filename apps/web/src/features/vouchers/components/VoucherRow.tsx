import {
  formatCurrency,
  formatDate,
  paymentProducts,
  type PaymentProduct,
  type UserVoucher,
  type VoucherKind,
} from '@stod/domain';
import {
  CircleAlert,
  CircleCheck,
  CircleMinus,
  Gift,
  Package,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import type { VoucherState } from '../voucher-state.ts';

const KIND_ICONS: Record<VoucherKind, LucideIcon> = {
  value: Ticket,
  gift_card: Gift,
  product: Package,
};

const BADGES: Record<VoucherState, { icon: LucideIcon; className: string }> = {
  usable: { icon: CircleCheck, className: 'bg-emerald-100 text-emerald-900' },
  used: { icon: CircleMinus, className: 'bg-slate-100 text-slate-700' },
  expired: { icon: CircleAlert, className: 'bg-red-100 text-red-800' },
};

const isPaymentProduct = (product: string): product is PaymentProduct =>
  (paymentProducts as readonly string[]).includes(product);

export function VoucherStateBadge({ state }: { state: VoucherState }) {
  const { t } = useTranslation();
  const { icon: Icon, className } = BADGES[state];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        className,
      )}
      data-testid="voucher-state"
    >
      <Icon size={14} aria-hidden="true" />
      {t(`vouchers.state.${state}`)}
    </span>
  );
}

/** Name, kind and state; what is left (øre, or the product) and until when. */
export function VoucherRow({ voucher, state }: { voucher: UserVoucher; state: VoucherState }) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[voucher.kind];

  let left: string;
  if (voucher.kind === 'product' || voucher.balance === null) {
    const product = voucher.product ?? '';
    left = t('vouchers.productFor', {
      product: isPaymentProduct(product) ? t(`product.${product}`) : product,
    });
  } else if (voucher.initialAmount === null) {
    left = formatCurrency(voucher.balance);
  } else {
    left = t('vouchers.left', {
      balance: formatCurrency(voucher.balance),
      initial: formatCurrency(voucher.initialAmount),
    });
  }

  const when =
    state === 'expired'
      ? t('vouchers.expiredOn', { date: formatDate(voucher.expiresAt) })
      : state === 'used' && voucher.usedAt
        ? t('vouchers.usedOn', { date: formatDate(voucher.usedAt) })
        : t('vouchers.validUntil', { date: formatDate(voucher.expiresAt) });

  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="voucher"
      data-state={state}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            state === 'usable' ? 'bg-brand-soft text-brand-strong' : 'bg-slate-100 text-slate-600',
          )}
        >
          <Icon size={20} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 className="text-base font-semibold break-words text-slate-900">{voucher.name}</h3>
          <p className="text-sm text-slate-600">{t(`vouchers.kind.${voucher.kind}`)}</p>
        </div>
        <VoucherStateBadge state={state} />
      </div>
      <div className="flex flex-col gap-0.5 pl-13">
        <p className="text-base font-medium text-slate-900 tabular-nums">{left}</p>
        <p className="text-sm text-slate-600 tabular-nums">{when}</p>
      </div>
    </li>
  );
}
