import {
  formatCurrency,
  formatDate,
  paymentProducts,
  voucherIssueSchema,
  voucherKinds,
  type AdminVoucher,
  type PaymentProduct,
  type VoucherKind,
} from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { messageText } from '../i18n/index.ts';
import { apiRequest, ApiRequestError, unwrap } from '../lib/api.ts';
import { ListSkeleton, Page, Pager } from './Page.tsx';
import { Select } from './Select.tsx';
import { dayOfText, dayText } from '../lib/dates.ts';
import {
  downloadBatchCsv,
  useBlockVoucher,
  useVoucherList,
  VOUCHER_PAGE,
  type VoucherFilter,
} from '../lib/vouchers.ts';

const issuedSchema = z.object({
  items: z.array(z.object({ id: z.string(), code: z.string() })),
  expiresAt: z.string(),
});

/** What the form holds: kroner and a day, which the order turns into øre and an instant. */
interface OrderForm {
  kind: VoucherKind;
  name: string;
  nameEn: string;
  amountKr: string;
  product: PaymentProduct;
  codeType: 'pin' | 'premium';
  expiresOn: string;
  count: string;
}

function orderOf(form: OrderForm) {
  const day = dayOfText(form.expiresOn);
  return {
    kind: form.kind,
    name: form.name,
    ...(form.nameEn.trim() ? { nameEn: form.nameEn } : {}),
    ...(form.kind === 'product'
      ? { product: form.product }
      : { amount: Math.round(Number(form.amountKr.replace(',', '.')) * 100) }),
    codeType: form.codeType,
    // Valid through the chosen day, Faroese time (UTC+0 in winter, +1 in summer: end of day UTC).
    expiresAt: day ? `${day}T23:59:59Z` : '',
    count: Number(form.count),
  };
}

const inAYear = () => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return dayText(date.toISOString().slice(0, 10));
};

function OrderVouchers({ onIssued }: { onIssued: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // One key per order: a retry of the same order after a lost answer issues nothing twice.
  const key = useRef(crypto.randomUUID());
  const form = useForm<OrderForm>({
    defaultValues: {
      kind: 'gift_card',
      name: '',
      nameEn: '',
      amountKr: '',
      product: 'carwash',
      codeType: 'pin',
      expiresOn: inAYear(),
      count: '1',
    },
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const order = useMutation({
    mutationFn: (body: ReturnType<typeof orderOf>) =>
      unwrap(
        apiRequest('/admin/vouchers', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key.current },
          schema: issuedSchema,
        }),
      ),
    onSuccess: (issued) => {
      key.current = crypto.randomUUID();
      form.reset({ ...form.getValues(), name: '', nameEn: '', amountKr: '', count: '1' });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'vouchers'] });
      onIssued(issued.items.map((item) => item.code));
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const failure = order.error instanceof ApiRequestError ? order.error.apiError : null;
  const err = (name: string) => messageText(clientErrors[name] ?? failure?.fieldErrors?.[name]);

  const submit = form.handleSubmit((values) => {
    const body = orderOf(values);
    const checked = voucherIssueSchema.safeParse(body);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const path = String(issue.path[0] ?? '');
        errors[path === 'amount' ? 'amountKr' : path === 'expiresAt' ? 'expiresOn' : path] ??=
          issue.message;
      }
      setClientErrors(errors);
      return;
    }
    setClientErrors({});
    order.mutate(body);
  });

  return (
    <Section title={t('vouchers.orderTitle')}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2"
        data-testid="voucher-order"
      >
        {failure && !failure.fieldErrors && (
          <div className="sm:col-span-2">
            <Notice tone="error">{failure.message}</Notice>
          </div>
        )}
        <Select label={t('vouchers.kind')} {...form.register('kind')}>
          {voucherKinds.map((k) => (
            <option key={k} value={k}>
              {t(`vouchers.kind.${k}`)}
            </option>
          ))}
        </Select>
        <Field
          label={t('vouchers.name')}
          error={err('name')}
          maxLength={80}
          {...form.register('name')}
        />
        <Field
          label={t('vouchers.nameEn')}
          hint={t('vouchers.nameEnHint')}
          error={err('nameEn')}
          maxLength={80}
          {...form.register('nameEn')}
        />
        {kind === 'product' ? (
          <Select label={t('vouchers.product')} {...form.register('product')}>
            {paymentProducts.map((p) => (
              <option key={p} value={p}>
                {t(`vouchers.product.${p}`)}
              </option>
            ))}
          </Select>
        ) : (
          <Field
            label={t('vouchers.amount')}
            inputMode="decimal"
            error={err('amountKr')}
            {...form.register('amountKr')}
          />
        )}
        <Select label={t('vouchers.codeType')} {...form.register('codeType')}>
          <option value="pin">{t('vouchers.codeType.pin')}</option>
          <option value="premium">{t('vouchers.codeType.premium')}</option>
        </Select>
        <Field
          label={t('vouchers.expiresAt')}
          hint={t('date.dayHint')}
          placeholder={t('date.dayFormat')}
          autoComplete="off"
          spellCheck={false}
          error={err('expiresOn')}
          {...form.register('expiresOn')}
        />
        <Field
          label={t('vouchers.count')}
          type="number"
          inputMode="numeric"
          min={1}
          error={err('count')}
          {...form.register('count')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" pending={order.isPending}>
            {t('vouchers.order')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function IssuedCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    showToast('success', t('vouchers.copied'));
  };
  return (
    <section
      aria-labelledby="issued-title"
      className="flex flex-col gap-4 rounded-2xl bg-emerald-50 p-5 ring-1 ring-emerald-200"
      data-testid="issued-codes"
    >
      <h2 id="issued-title" className="text-lg font-semibold text-emerald-950">
        {t('vouchers.issuedTitle', { count: codes.length })}
      </h2>
      <p className="text-base text-emerald-950">{t('vouchers.issuedText')}</p>
      <ul className="grid gap-2 font-mono text-base sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-white px-3 py-2 ring-1 ring-emerald-200">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('vouchers.copy')}
        </Button>
        <Button onClick={onDone}>{t('vouchers.done')}</Button>
      </div>
    </section>
  );
}

/** The operator's vouchers: ordering new codes, and what is on issue and redeemed. */
/** One code on issue: what it is, who redeemed it, and its block. */
function VoucherItem({
  voucher,
  now,
  onBatch,
}: {
  voucher: AdminVoucher;
  now: number;
  onBatch: (batch: string) => void;
}) {
  const { t } = useTranslation();
  const block = useBlockVoucher();
  const blocked = voucher.blockedAt !== null;
  const toggle = async () => {
    const confirmed = await confirmModal({
      title: t(blocked ? 'vouchers.unblockTitle' : 'vouchers.blockTitle', { name: voucher.name }),
      body: t(blocked ? 'vouchers.unblockText' : 'vouchers.blockText'),
      confirmLabel: t(blocked ? 'vouchers.unblock' : 'vouchers.block'),
      danger: !blocked,
      testId: 'voucher-block-dialog',
    });
    if (!confirmed) return;
    block.mutate(
      { id: voucher.id, blocked: !blocked },
      {
        onSuccess: () =>
          showToast('success', t(blocked ? 'vouchers.unblocked' : 'vouchers.blocked')),
      },
    );
  };
  return (
    <li
      data-testid="voucher-item"
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col">
        <span className="text-base font-semibold text-slate-900">
          {voucher.name}
          {voucher.nameEn && (
            <span className="font-normal text-slate-600" lang="en">
              {' · '}
              {voucher.nameEn}
            </span>
          )}
          {blocked && (
            <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900 ring-1 ring-red-300">
              {t('vouchers.blockedChip')}
            </span>
          )}
        </span>
        <span className="text-sm text-slate-600">
          {t(`vouchers.kind.${voucher.kind}`)}
          {' · '}
          {voucher.amount !== null
            ? formatCurrency(voucher.amount)
            : t(`vouchers.product.${voucher.product as PaymentProduct}`)}
          {' · '}
          {t(`vouchers.codeType.${voucher.codeType}`)}
        </span>
        {voucher.batch && (
          <button
            type="button"
            className="self-start text-sm text-brand-strong underline-offset-2 hover:underline"
            onClick={() => onBatch(voucher.batch ?? '')}
          >
            {t('vouchers.showBatch')}
          </button>
        )}
      </div>
      <div className="flex flex-col gap-1 text-sm sm:items-end">
        <span className={voucher.redeemedAt ? 'font-medium text-emerald-800' : 'text-slate-700'}>
          {voucher.redeemedAt
            ? t('vouchers.redeemed', { date: formatDate(voucher.redeemedAt) })
            : t('vouchers.open')}
        </span>
        {voucher.redeemedBy && (
          <span className="text-slate-700" data-testid="voucher-redeemer">
            {t('vouchers.redeemedBy', {
              name: voucher.redeemedBy.name,
              email: voucher.redeemedBy.email,
            })}
          </span>
        )}
        <span className="text-slate-600">
          {t(Date.parse(voucher.expiresAt) < now ? 'vouchers.expired' : 'vouchers.expires', {
            date: formatDate(voucher.expiresAt),
          })}
        </span>
        <Button
          variant="ghost"
          block={false}
          className="min-h-10 px-2 text-sm"
          pending={block.isPending}
          aria-label={t(blocked ? 'vouchers.unblockLabel' : 'vouchers.blockLabel', {
            name: voucher.name,
          })}
          onClick={() => void toggle()}
        >
          {t(blocked ? 'vouchers.unblock' : 'vouchers.block')}
        </Button>
      </div>
    </li>
  );
}

export function VouchersScreen() {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [issued, setIssued] = useState<string[] | null>(null);
  const [filter, setFilter] = useState<VoucherFilter>({ q: '', batch: '' });
  const list = useVoucherList(filter, offset);
  const narrow = (next: Partial<VoucherFilter>) => {
    setFilter({ ...filter, ...next });
    setOffset(0);
  };
  const exportBatch = async () => {
    if (!(await downloadBatchCsv(filter.batch))) showToast('error', t('vouchers.exportFailed'));
  };
  const total = list.data?.total ?? 0;
  return (
    <Page title={t('section.vouchers')}>
      {issued ? (
        <IssuedCodes codes={issued} onDone={() => setIssued(null)} />
      ) : (
        <OrderVouchers onIssued={setIssued} />
      )}
      <Section title={t('vouchers.listTitle')}>
        <search className="flex flex-col gap-3">
          <Field
            type="search"
            label={t('vouchers.search')}
            hint={t('vouchers.searchHint')}
            autoComplete="off"
            spellCheck={false}
            value={filter.q}
            onChange={(e) => narrow({ q: e.target.value })}
          />
          {filter.batch && (
            <div
              className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-100 px-4 py-2 text-sm"
              data-testid="voucher-batch"
            >
              <span className="text-slate-800">{t('vouchers.batchShown')}</span>
              <Button block={false} variant="secondary" onClick={() => void exportBatch()}>
                {t('vouchers.exportCsv')}
              </Button>
              <Button block={false} variant="ghost" onClick={() => narrow({ batch: '' })}>
                {t('vouchers.allBatches')}
              </Button>
            </div>
          )}
        </search>
        {list.isPending && <ListSkeleton label={t('vouchers.listTitle')} />}
        {list.isError && (
          <RetryNotice
            text={t('vouchers.loadFailed')}
            retryLabel={t('vouchers.retry')}
            onRetry={() => void list.refetch()}
            pending={list.isFetching}
          />
        )}
        {list.data?.items.length === 0 && (
          <EmptyState
            level={2}
            title={t(filter.q.trim() || filter.batch ? 'vouchers.noneFound' : 'vouchers.empty')}
          />
        )}
        {list.data && list.data.items.length > 0 && (
          <>
            <ul className="flex flex-col gap-2" data-testid="voucher-list">
              {list.data.items.map((voucher) => (
                <VoucherItem
                  key={voucher.id}
                  voucher={voucher}
                  now={list.dataUpdatedAt}
                  onBatch={(batch) => narrow({ batch, q: '' })}
                />
              ))}
            </ul>
            <Pager
              label={t('vouchers.listTitle')}
              offset={offset}
              page={VOUCHER_PAGE}
              total={total}
              onOffset={setOffset}
            />
          </>
        )}
      </Section>
    </Page>
  );
}
