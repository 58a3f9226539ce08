import {
  formatCurrency,
  kronerDecimal,
  subscriberStatuses,
  type AdminPlan,
  type PlanInput,
  type Subscriber,
} from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Field } from '@stod/ui/Field.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { Pencil, Plus, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPath } from '../app/paths.ts';
import { messageText } from '../i18n/index.ts';
import { fieldErrorsOf, refusalOf } from '../lib/api.ts';
import { oreOfKroner } from '../lib/customers.ts';
import { dateTime } from '../lib/format.ts';
import { useSession } from '../lib/session.ts';
import {
  SUBSCRIBER_PAGE,
  useCancelFor,
  useSavePlan,
  usePlans,
  useSubscribers,
  type SubscriberFilter,
} from '../lib/subscriptions.ts';
import { ListSkeleton, Page, Pager, TableCard } from './Page.tsx';
import { ReasonField } from './ReasonField.tsx';
import { Select } from './Select.tsx';
import { TextArea } from './TextArea.tsx';

interface Form {
  type: string;
  index: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  products: string[];
  monthly: string;
  yearly: string;
  fairUse: string;
  active: boolean;
}

const emptyForm: Form = {
  type: 'BEVERAGE',
  index: '',
  name: '',
  nameEn: '',
  description: '',
  descriptionEn: '',
  products: [],
  monthly: '',
  yearly: '',
  fairUse: '',
  active: true,
};

const formOf = (p: AdminPlan): Form => ({
  type: p.type,
  index: String(p.index),
  name: p.name,
  nameEn: p.nameEn ?? '',
  description: p.description,
  descriptionEn: p.descriptionEn ?? '',
  products: p.productIds.split(',').filter(Boolean),
  monthly: kronerDecimal(p.priceMonthly, ','),
  yearly: kronerDecimal(p.priceYearly, ','),
  fairUse: p.fairUseMinutes === null ? '' : String(p.fairUseMinutes),
  active: p.active,
});

const wholeOrNaN = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The form as the API takes it; NaN where a number could not be read (said at once). */
function planOf(form: Form): PlanInput {
  return {
    type: form.type.trim().toUpperCase(),
    index: wholeOrNaN(form.index),
    productIds: form.products.join(','),
    name: form.name.trim(),
    nameEn: form.nameEn.trim() || null,
    description: form.description.trim(),
    descriptionEn: form.descriptionEn.trim() || null,
    priceMonthly: oreOfKroner(form.monthly),
    priceYearly: oreOfKroner(form.yearly),
    fairUseMinutes: form.fairUse.trim() ? wholeOrNaN(form.fairUse) : null,
    active: form.active,
  };
}

/** What the form itself can tell before it sends: each field's message key. */
function formErrors(plan: PlanInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^[A-Z0-9_]+$/.test(plan.type)) errors.type = 'validation.invalid';
  if (!(plan.index >= 1 && plan.index <= 99)) errors.index = 'validation.invalid';
  if (!plan.name) errors.name = 'validation.required';
  if (!plan.productIds) errors.productIds = 'validation.required';
  if (!(plan.priceMonthly >= 1)) errors.priceMonthly = 'validation.invalid';
  if (!(plan.priceYearly >= 1)) errors.priceYearly = 'validation.invalid';
  const fair = plan.fairUseMinutes;
  if (fair !== null && fair !== undefined && !(fair >= 1 && fair <= 1440))
    errors.fairUseMinutes = 'validation.invalid';
  return errors;
}

/** A plan made or changed: every field, both languages, the products it covers, its prices. */
function Editor({
  editing,
  products,
  onDone,
}: {
  editing: AdminPlan | null;
  products: { code: string; name: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(editing ? formOf(editing) : emptyForm);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const save = useSavePlan();
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const plan = planOf(form);
  const local = tried ? formErrors(plan) : {};
  const server = fieldErrorsOf(save.error);
  const errorOf = (field: keyof PlanInput) => messageText(local[field] ?? server[field]);
  const failure = refusalOf(save.error);
  // The product codes a plan may cover, and any the plan has that the list no longer names.
  const choices = [
    ...products,
    ...form.products
      .filter((code) => !products.some((p) => p.code === code))
      .map((code) => ({ code, name: code })),
  ];
  const yearlyHigh =
    plan.priceMonthly > 0 && plan.priceYearly >= plan.priceMonthly * 12 && form.yearly.trim();

  const submit = () => {
    setTried(true);
    if (Object.keys(formErrors(plan)).length > 0) return;
    save.mutate(
      { id: editing?.id ?? null, plan, reason },
      {
        onSuccess: () => {
          showToast('success', t(editing ? 'plans.saved' : 'plans.created'));
          onDone();
        },
      },
    );
  };

  return (
    <form
      noValidate
      data-testid="plan-editor"
      aria-label={editing ? t('plans.editTitle', { name: editing.name }) : t('plans.newTitle')}
      className="flex flex-col gap-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">
        {editing ? t('plans.editTitle', { name: editing.name }) : t('plans.newTitle')}
      </h2>
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          label={t('plans.type')}
          autoComplete="off"
          spellCheck={false}
          value={form.type}
          error={errorOf('type')}
          hint={t('plans.typeHint')}
          onChange={(e) => set({ type: e.target.value })}
        />
        <Field
          label={t('plans.index')}
          inputMode="numeric"
          autoComplete="off"
          value={form.index}
          error={errorOf('index')}
          hint={t('plans.indexHint')}
          onChange={(e) => set({ index: e.target.value })}
        />
        <Field
          label={t('plans.monthly')}
          inputMode="decimal"
          autoComplete="off"
          value={form.monthly}
          error={errorOf('priceMonthly')}
          onChange={(e) => set({ monthly: e.target.value })}
        />
        <Field
          label={t('plans.yearly')}
          inputMode="decimal"
          autoComplete="off"
          value={form.yearly}
          error={errorOf('priceYearly')}
          onChange={(e) => set({ yearly: e.target.value })}
        />
      </div>
      {yearlyHigh && <Notice tone="info">{t('plans.yearlyHigh')}</Notice>}
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={t('plans.name')}
          value={form.name}
          error={errorOf('name')}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Field
          label={t('plans.nameEn')}
          value={form.nameEn}
          error={errorOf('nameEn')}
          hint={t('plans.englishHint')}
          onChange={(e) => set({ nameEn: e.target.value })}
        />
        <TextArea
          label={t('plans.description')}
          value={form.description}
          error={errorOf('description')}
          onChange={(description) => set({ description })}
        />
        <TextArea
          label={t('plans.descriptionEn')}
          value={form.descriptionEn}
          error={errorOf('descriptionEn')}
          onChange={(descriptionEn) => set({ descriptionEn })}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('plans.products')}</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((p) => (
            <label
              key={p.code}
              className="flex min-h-11 items-center gap-2 rounded-xl px-3 ring-1 ring-slate-300 has-checked:bg-brand-soft has-checked:ring-brand"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand"
                checked={form.products.includes(p.code)}
                onChange={(e) =>
                  set({
                    products: e.target.checked
                      ? [...form.products, p.code]
                      : form.products.filter((code) => code !== p.code),
                  })
                }
              />
              {p.name}
            </label>
          ))}
        </div>
        {errorOf('productIds') && (
          <p className="text-sm font-medium text-red-700">{errorOf('productIds')}</p>
        )}
      </fieldset>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={t('plans.fairUse')}
          inputMode="numeric"
          autoComplete="off"
          value={form.fairUse}
          error={errorOf('fairUseMinutes')}
          hint={t('plans.fairUseHint')}
          onChange={(e) => set({ fairUse: e.target.value })}
        />
        <label className="flex min-h-11 items-center gap-3 self-center text-base text-slate-800">
          <input
            type="checkbox"
            className="size-5 accent-brand"
            checked={form.active}
            onChange={(e) => set({ active: e.target.checked })}
          />
          {t('plans.active')}
        </label>
      </div>
      <p className="text-sm text-slate-600">{t('plans.priceHint')}</p>
      <ReasonField value={reason} onChange={setReason} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" block={false} pending={save.isPending}>
          {t('plans.save')}
        </Button>
        <Button type="button" variant="secondary" block={false} onClick={onDone}>
          {t('plans.cancelEdit')}
        </Button>
      </div>
    </form>
  );
}

/** One plan: its tier, names, prices, products, fair use and how many hold it now. */
function PlanCard({
  plan,
  products,
  editable,
  shown,
  onEdit,
  onShow,
}: {
  plan: AdminPlan;
  products: { code: string; name: string }[];
  editable: boolean;
  shown: boolean;
  onEdit: () => void;
  onShow: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = (code: string) => products.find((p) => p.code === code)?.name ?? code;
  return (
    <li
      data-testid="plan"
      data-plan={plan.id}
      className={cn(
        'flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200',
        shown && 'ring-2 ring-brand',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-slate-900">
            {plan.name}
            {plan.nameEn && (
              <span className="ml-2 text-sm font-normal text-slate-600">{plan.nameEn}</span>
            )}
          </h3>
          <p className="text-sm text-slate-600">{t('plans.tier', { index: plan.index })}</p>
        </div>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-sm font-medium ring-1',
            plan.active
              ? 'bg-emerald-100 text-emerald-900 ring-emerald-300'
              : 'bg-slate-100 text-slate-800 ring-slate-300',
          )}
        >
          {t(plan.active ? 'plans.onOffer' : 'plans.offOffer')}
        </span>
      </div>
      {plan.description && <p className="text-sm text-slate-700">{plan.description}</p>}
      <p className="tabular-nums text-slate-900" data-testid="plan-prices">
        {t('plans.perMonth', { price: formatCurrency(plan.priceMonthly) })} ·{' '}
        {t('plans.perYear', { price: formatCurrency(plan.priceYearly) })}
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('plans.products')}>
        {plan.productIds
          .split(',')
          .filter(Boolean)
          .map((code) => (
            <li key={code} className="rounded-lg bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
              {nameOf(code)}
            </li>
          ))}
      </ul>
      {plan.fairUseMinutes !== null && (
        <p className="text-sm text-slate-600">
          {t('plans.fairUseValue', { minutes: plan.fairUseMinutes })}
        </p>
      )}
      <p className="text-sm text-slate-700" data-testid="plan-counts">
        {t('plans.counts', plan.subscribers)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          block={false}
          className="min-h-10 px-3 text-sm"
          icon={<Users size={18} aria-hidden="true" />}
          aria-label={t('plans.showLabel', { name: plan.name })}
          aria-pressed={shown}
          onClick={onShow}
        >
          {t('plans.show')}
        </Button>
        {editable && (
          <Button
            variant="ghost"
            block={false}
            className="min-h-10 px-3 text-sm"
            icon={<Pencil size={18} aria-hidden="true" />}
            aria-label={t('plans.editLabel', { name: plan.name })}
            onClick={onEdit}
          >
            {t('plans.edit')}
          </Button>
        )}
      </div>
    </li>
  );
}

const statusTones: Record<Subscriber['status'], string> = {
  active: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  cancelled: 'bg-amber-100 text-amber-950 ring-amber-300',
  expiring: 'bg-red-100 text-red-900 ring-red-300',
  ended: 'bg-slate-100 text-slate-800 ring-slate-300',
  replaced: 'bg-slate-100 text-slate-800 ring-slate-300',
  pending: 'bg-sky-100 text-sky-900 ring-sky-300',
};

/** A plan's subscribers, filtered by status, with a cancel on the customer's behalf. */
function Subscribers({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SubscriberFilter>('all');
  const [offset, setOffset] = useState(0);
  const [reason, setReason] = useState('');
  const list = useSubscribers(plan.id, status, offset);
  const cancel = useCancelFor();
  const top = useRef<HTMLDivElement>(null);
  // Opened from a plan's card: brought into view, below the plans.
  useEffect(() => {
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const failure = refusalOf(cancel.error);
  const act = async (s: Subscriber) => {
    cancel.reset();
    const confirmed = await confirmModal({
      title: t('subscribers.cancelTitle', { name: s.name }),
      body: t('subscribers.cancelText', { date: dateTime(s.validTo) }),
      confirmLabel: t('subscribers.cancel'),
      testId: 'cancel-subscription-dialog',
      danger: true,
    });
    if (!confirmed) return;
    cancel.mutate(
      { id: s.id, reason },
      { onSuccess: () => showToast('success', t('subscribers.cancelled')) },
    );
  };
  return (
    <Section title={t('subscribers.title', { name: plan.name })} testId="subscribers">
      <div ref={top} className="flex scroll-mt-24 flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <Select
            label={t('subscribers.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as SubscriberFilter);
              setOffset(0);
            }}
          >
            <option value="all">{t('subscribers.filter.all')}</option>
            {subscriberStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`subscribers.state.${s}`)}
              </option>
            ))}
          </Select>
          <ReasonField value={reason} onChange={setReason} />
        </div>
        <p className="text-sm text-slate-600">{t('subscribers.refundHint')}</p>
        {failure && <Notice tone="error">{failure}</Notice>}
        {list.isPending && <ListSkeleton label={t('subscribers.title', { name: plan.name })} />}
        {list.isError && (
          <RetryNotice
            text={t('subscribers.loadFailed')}
            retryLabel={t('plans.retry')}
            onRetry={() => void list.refetch()}
            pending={list.isFetching}
          />
        )}
        {list.data?.items.length === 0 && <p className="text-slate-600">{t('subscribers.none')}</p>}
        {list.data && list.data.items.length > 0 && (
          <>
            <TableCard label={t('subscribers.title', { name: plan.name })}>
              <table className="w-full min-w-[48rem] text-left text-sm">
                <thead className="text-slate-600">
                  <tr>
                    {(['customer', 'status', 'interval', 'price', 'validTo', 'next'] as const).map(
                      (column) => (
                        <th key={column} scope="col" className="px-3 py-2 font-medium">
                          {t(`subscribers.${column}`)}
                        </th>
                      ),
                    )}
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">{t('subscribers.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((s) => (
                    <tr key={s.id} data-testid="subscriber" className="border-t border-slate-100">
                      <td className="px-3 py-2">
                        <Link
                          to={customerPath(s.userId)}
                          className="font-medium text-brand-strong underline-offset-2 hover:underline"
                        >
                          {s.name}
                        </Link>
                        <span className="block text-slate-600">{s.email}</span>
                      </td>
                      <td className="px-3 py-2">
                        <span
                          className={cn(
                            'rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
                            statusTones[s.status],
                          )}
                        >
                          {t(`subscribers.state.${s.status}`)}
                        </span>
                      </td>
                      <td className="px-3 py-2">{t(`subscribers.intervals.${s.interval}`)}</td>
                      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                        {formatCurrency(s.periodPrice)}
                      </td>
                      <td className="px-3 py-2 tabular-nums">{dateTime(s.validTo)}</td>
                      <td className="px-3 py-2 tabular-nums">
                        {s.nextPaymentAt ? dateTime(s.nextPaymentAt) : '–'}
                      </td>
                      <td className="px-3 py-2 text-right">
                        {['active', 'expiring'].includes(s.status) && (
                          <Button
                            variant="ghost"
                            block={false}
                            className="min-h-10 px-3 text-sm"
                            pending={cancel.isPending && cancel.variables.id === s.id}
                            aria-label={t('subscribers.cancelLabel', { name: s.name })}
                            onClick={() => void act(s)}
                          >
                            {t('subscribers.cancel')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableCard>
            <Pager
              label={t('subscribers.title', { name: plan.name })}
              offset={offset}
              page={SUBSCRIBER_PAGE}
              total={list.data.total}
              onOffset={setOffset}
            />
          </>
        )}
      </div>
    </Section>
  );
}

/** The plans on offer and off it, grouped by type; made and changed by operators; their subscribers. */
export function SubscriptionsScreen() {
  const { t } = useTranslation();
  const editable = useSession((s) => s.member?.role) === 'operator';
  const plans = usePlans();
  // null: no form; 'new'; or the plan being changed.
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const items = plans.data?.items ?? [];
  const products = plans.data?.products ?? [];
  const types = [...new Set(items.map((p) => p.type))];
  const shown = items.find((p) => p.id === shownId) ?? null;
  const open = (which: AdminPlan | 'new') => {
    setEditing(which);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <Page title={t('section.subscriptions')} wide>
      {editing ? (
        <Editor
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          products={products}
          onDone={() => setEditing(null)}
        />
      ) : (
        editable && (
          <div>
            <Button
              block={false}
              icon={<Plus size={20} aria-hidden="true" />}
              onClick={() => open('new')}
            >
              {t('plans.new')}
            </Button>
          </div>
        )
      )}
      {plans.isPending && <ListSkeleton label={t('plans.title')} />}
      {plans.isError && (
        <RetryNotice
          text={t('plans.loadFailed')}
          retryLabel={t('plans.retry')}
          onRetry={() => void plans.refetch()}
          pending={plans.isFetching}
        />
      )}
      {plans.data && items.length === 0 && <EmptyState level={2} title={t('plans.empty')} />}
      {types.map((type) => (
        <Section key={type} title={t('plans.typeTitle', { type })}>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {items
              .filter((p) => p.type === type)
              .map((p) => (
                <PlanCard
                  key={p.id}
                  plan={p}
                  products={products}
                  editable={editable}
                  shown={p.id === shownId}
                  onEdit={() => open(p)}
                  onShow={() => setShownId(p.id === shownId ? null : p.id)}
                />
              ))}
          </ul>
        </Section>
      ))}
      {shown && <Subscribers key={shown.id} plan={shown} />}
    </Page>
  );
}
