import {
  formatCurrency,
  kronerDecimal,
  priceWarnings,
  type PriceWarning,
  type StationPrices as Prices,
} from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../i18n/index.ts';
import { ApiRequestError } from '../lib/api.ts';
import { oreOfKroner } from '../lib/customers.ts';
import { dateTimeText, instantOfText } from '../lib/dates.ts';
import { dateTime } from '../lib/format.ts';
import {
  useCancelPriceChange,
  useChangePrices,
  useSetBounds,
  useStationPrices,
} from '../lib/prices.ts';
import { ListSkeleton } from './Page.tsx';
import { ReasonField } from './ReasonField.tsx';

type Product = Prices['items'][number];

const cell = 'px-3 py-2 align-top';

/** The bounds of one product, changed in place: they hold at every station that sells it. */
function BoundsForm({
  stationId,
  product,
  onDone,
}: {
  stationId: number;
  product: Product;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const set = useSetBounds(stationId);
  const [min, setMin] = useState(product.bounds ? kronerDecimal(product.bounds.min, ',') : '');
  const [max, setMax] = useState(product.bounds ? kronerDecimal(product.bounds.max, ',') : '');
  const failure = set.error instanceof ApiRequestError ? set.error.apiError : null;
  const [low, high] = [oreOfKroner(min), oreOfKroner(max)];
  const [tried, setTried] = useState(false);
  const minError = tried && !(low >= 1) ? messageText('validation.invalid') : undefined;
  const maxError =
    tried && !(high >= 1)
      ? messageText('validation.invalid')
      : tried && high < low
        ? messageText('validation.priceBoundsOrder')
        : messageText(failure?.fieldErrors?.max);
  return (
    <form
      noValidate
      data-testid={`bounds-form-${String(product.productId)}`}
      className="flex flex-wrap items-start gap-3 rounded-xl bg-slate-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!(low >= 1 && high >= low)) return;
        set.mutate(
          { productId: product.productId, bounds: { min: low, max: high } },
          {
            onSuccess: () => {
              showToast('success', t('prices.boundsSaved', { product: product.name }));
              onDone();
            },
          },
        );
      }}
    >
      <p className="basis-full text-sm text-slate-600">{t('prices.boundsHint')}</p>
      <Field
        label={t('prices.min')}
        inputMode="decimal"
        autoComplete="off"
        value={min}
        error={minError}
        onChange={(e) => setMin(e.target.value)}
      />
      <Field
        label={t('prices.max')}
        inputMode="decimal"
        autoComplete="off"
        value={max}
        error={maxError}
        onChange={(e) => setMax(e.target.value)}
      />
      <div className="flex gap-2 self-end pb-1">
        <Button type="submit" block={false} pending={set.isPending}>
          {t('prices.saveBounds')}
        </Button>
        <Button type="button" variant="ghost" block={false} onClick={onDone}>
          {t('prices.cancelEdit')}
        </Button>
      </div>
    </form>
  );
}

/** One thing the operator is asked to look at again before the prices are sent. */
function WarningLine({ warning, items }: { warning: PriceWarning; items: Product[] }) {
  const { t } = useTranslation();
  const name = (id: number | undefined) => items.find((p) => p.productId === id)?.name ?? '';
  return (
    <li>
      {warning.kind === 'large'
        ? t('prices.warnLarge', { product: name(warning.productId) })
        : t('prices.warnBelow', {
            product: name(warning.productId),
            other: name(warning.otherId),
          })}
    </li>
  );
}

/**
 * A station's prices for the operator: each product's price now, its bounds and the changes to
 * come; new prices at once or from a time, asked again when a change is large or a fuel grade
 * would sell below one that cost less. A station's own manager reads them.
 */
function PricesTable({
  stationId,
  data,
  editable,
}: {
  stationId: number;
  data: Prices;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangePrices(stationId);
  const cancel = useCancelPriceChange(stationId);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [from, setFrom] = useState('');
  const [reason, setReason] = useState('');
  const [bounds, setBounds] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const failure = change.error instanceof ApiRequestError ? change.error.apiError : null;

  const entered = data.items.flatMap((p) => {
    const text = drafts[p.productId]?.trim() ?? '';
    return text ? [{ product: p, text, ore: oreOfKroner(text) }] : [];
  });
  const draftError = (p: Product): string | undefined => {
    const entry = entered.find((e) => e.product.productId === p.productId);
    if (!entry) return undefined;
    if (!(entry.ore >= 1)) return tried ? messageText('validation.invalid') : undefined;
    if (p.bounds && (entry.ore < p.bounds.min || entry.ore > p.bounds.max))
      return t('prices.outOfBounds', {
        min: formatCurrency(p.bounds.min),
        max: formatCurrency(p.bounds.max),
      });
    const index = entered.indexOf(entry);
    return messageText(failure?.fieldErrors?.[`items.${String(index)}.price`]);
  };
  const at = from.trim() ? instantOfText(from) : null;
  const fromError = tried && from.trim() && !at ? messageText('validation.invalid') : undefined;

  const submit = async () => {
    setTried(true);
    if (entered.length === 0 || (from.trim() && !at)) return;
    if (entered.some((e) => draftError(e.product) !== undefined || !(e.ore >= 1))) return;
    const next = new Map(entered.map((e) => [e.product.productId, e.ore]));
    const warnings = priceWarnings(data.items, next);
    if (warnings.length > 0) {
      const confirmed = await confirmModal({
        title: t('prices.confirmTitle'),
        body: (
          <ul className="list-disc pl-5" data-testid="price-warnings">
            {warnings.map((w) => (
              <WarningLine
                key={`${w.kind}-${String(w.productId)}`}
                warning={w}
                items={data.items}
              />
            ))}
          </ul>
        ),
        confirmLabel: t('prices.confirm'),
        testId: 'price-confirm',
      });
      if (!confirmed) return;
    }
    change.mutate(
      {
        change: {
          items: entered.map((e) => ({
            productId: e.product.productId,
            price: e.ore,
            ...(at ? { at } : {}),
          })),
        },
        reason,
      },
      {
        onSuccess: (saved) => {
          setDrafts({});
          setTried(false);
          setFrom('');
          const waiting = saved.items.some((p) => p.scheduled.some((s) => s.waitingForSign));
          if (waiting) showToast('warning', t('prices.savedWaiting'));
          else
            showToast(
              'success',
              at ? t('prices.scheduled', { time: dateTimeText(at) }) : t('prices.saved'),
            );
        },
      },
    );
  };

  return (
    <form
      noValidate
      data-testid="station-prices"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure && <Notice tone="error">{failure.message}</Notice>}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t('prices.title')}</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className={cell}>
                {t('prices.product')}
              </th>
              <th scope="col" className={cell}>
                {t('prices.now')}
              </th>
              <th scope="col" className={cell}>
                {t('prices.bounds')}
              </th>
              {editable && (
                <th scope="col" className={cell}>
                  {t('prices.new')}
                </th>
              )}
              <th scope="col" className={cell}>
                {t('prices.coming')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((p) => (
              <PriceRow
                key={p.productId}
                product={p}
                editable={editable}
                draft={drafts[p.productId] ?? ''}
                error={draftError(p)}
                onDraft={(text) => setDrafts({ ...drafts, [p.productId]: text })}
                onBounds={() => setBounds(bounds === p.productId ? null : p.productId)}
                onCancel={(id) =>
                  cancel.mutate(id, {
                    onSuccess: () => showToast('success', t('prices.cancelled')),
                  })
                }
                cancelling={cancel.isPending}
              >
                {bounds === p.productId && (
                  <BoundsForm stationId={stationId} product={p} onDone={() => setBounds(null)} />
                )}
              </PriceRow>
            ))}
          </tbody>
        </table>
      </div>
      <SignLine data={data} />
      {editable && (
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label={t('prices.from')}
            hint={`${t('prices.fromHint')} ${t('date.dateTimeHint')}`}
            placeholder={t('date.dateTimeFormat')}
            autoComplete="off"
            spellCheck={false}
            value={from}
            error={fromError}
            onChange={(e) => setFrom(e.target.value)}
          />
          <ReasonField value={reason} onChange={setReason} />
          <Button
            type="submit"
            block={false}
            pending={change.isPending}
            disabled={entered.length === 0}
            className="justify-self-start"
          >
            {t('prices.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

function PriceRow({
  product: p,
  editable,
  draft,
  error,
  onDraft,
  onBounds,
  onCancel,
  cancelling,
  children,
}: {
  product: Product;
  editable: boolean;
  draft: string;
  error: string | undefined;
  onDraft: (text: string) => void;
  onBounds: () => void;
  onCancel: (changeId: number) => void;
  cancelling: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const unit = t(`prices.unit.${p.unit}`);
  return (
    <>
      <tr className="border-t border-slate-100" data-testid={`price-${p.code}`}>
        <th scope="row" className={`${cell} min-w-40 font-semibold text-slate-900`}>
          {p.name}
          <span className="block text-xs font-normal text-slate-600">
            {t(`service.${p.service}`)}
          </span>
        </th>
        <td className={`${cell} whitespace-nowrap tabular-nums`} data-testid="price-now">
          {formatCurrency(p.price)} <span className="text-slate-600">{unit}</span>
        </td>
        <td className={`${cell} whitespace-nowrap tabular-nums text-slate-700`}>
          {p.bounds
            ? `${formatCurrency(p.bounds.min)} – ${formatCurrency(p.bounds.max)}`
            : t('prices.noBounds')}
          {editable && (
            <Button
              type="button"
              variant="ghost"
              block={false}
              className="-ml-2 block min-h-9 px-2 text-sm"
              aria-label={t('prices.editBoundsLabel', { product: p.name })}
              onClick={onBounds}
            >
              {t('prices.editBounds')}
            </Button>
          )}
        </td>
        {editable && (
          <td className={cell}>
            <Field
              label={t('prices.newLabel', { product: p.name })}
              labelVisuallyHidden
              className="w-32"
              inputMode="decimal"
              autoComplete="off"
              placeholder={kronerDecimal(p.price, ',')}
              value={draft}
              error={error}
              onChange={(e) => onDraft(e.target.value)}
            />
          </td>
        )}
        <td className={cell}>
          {p.scheduled.length === 0 ? (
            <span className="text-slate-600">–</span>
          ) : (
            <ul className="flex flex-col gap-1">
              {p.scheduled.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-2 tabular-nums">
                  {formatCurrency(s.price)} · {dateTime(s.at)}
                  {s.waitingForSign && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-300">
                      {t('prices.waitingForSign')}
                    </span>
                  )}
                  {editable && (
                    <Button
                      type="button"
                      variant="ghost"
                      block={false}
                      className="min-h-9 px-2 text-sm"
                      pending={cancelling}
                      aria-label={t('prices.cancelLabel', {
                        product: p.name,
                        time: dateTime(s.at),
                      })}
                      onClick={() => onCancel(s.id)}
                    >
                      {t('prices.cancel')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </td>
      </tr>
      {children && (
        <tr>
          <td colSpan={editable ? 5 : 4} className="px-3 pb-3">
            {children}
          </td>
        </tr>
      )}
    </>
  );
}

/** What the station's price sign shows, as its site last confirmed; nothing without fuel. */
function SignLine({ data }: { data: Prices }) {
  const { t } = useTranslation();
  const fuel = data.items.filter((p) => p.service === 'fuel');
  if (fuel.length === 0) return null;
  const { sign } = data;
  const nameOf = (grade: string) => fuel.find((p) => p.code === grade)?.name ?? grade;
  return (
    <div
      data-testid="price-sign"
      className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200"
    >
      <h3 className="font-semibold text-slate-900">{t('prices.signTitle')}</h3>
      {!sign ? (
        <p>{t('prices.signUnknown')}</p>
      ) : !sign.hasSign ? (
        <p>{t('prices.signNone')}</p>
      ) : (
        <>
          <p>{t('prices.signShows', { time: dateTime(sign.shownAt) })}</p>
          <ul className="flex flex-wrap gap-2">
            {sign.prices.map((p) => (
              <li
                key={p.grade}
                className="rounded-lg bg-slate-900 px-3 py-1.5 font-mono text-base text-amber-300 tabular-nums"
              >
                <span className="mr-2 font-sans text-xs text-slate-300">{nameOf(p.grade)}</span>
                {formatCurrency(p.unitPrice)}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="text-slate-600">{t('prices.signHint')}</p>
    </div>
  );
}

export function StationPrices({ id, editable }: { id: number; editable: boolean }) {
  const { t } = useTranslation();
  const prices = useStationPrices(id);
  return (
    <Section title={t('prices.title')}>
      {prices.isPending && <ListSkeleton label={t('prices.title')} rows={3} />}
      {prices.isError && (
        <RetryNotice
          text={t('prices.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void prices.refetch()}
          pending={prices.isFetching}
        />
      )}
      {prices.data && <PricesTable stationId={id} data={prices.data} editable={editable} />}
    </Section>
  );
}
