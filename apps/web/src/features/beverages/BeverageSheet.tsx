import {
  coversBeverage,
  formatCurrency,
  formatTime,
  type BeverageFill,
  type PaymentMethod,
} from '@stod/domain';
import { CircleCheck, CircleX, Coffee, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import { apiErrorOf } from '../../lib/api-error.ts';
import { formatClock, secondsUntil, useSecondClock } from '../../lib/countdown.ts';
import { cardTitle, payingCards } from '../../lib/payment-choice.ts';
import { usePaymentMethods } from '../../lib/payment-methods.ts';
import { useMinuteClock } from '../../lib/use-now.ts';
import { paths } from '../../lib/paths.ts';
import { userSubscriptionsQueryOptions } from '../../lib/user-subscriptions.ts';
import { isNativePlatform } from '../../platform/capacitor.ts';
import { openExternal, openInAppBrowser } from '../../platform/browser.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { ChoiceSection, cardChoice } from '@stod/ui/ChoiceCards.tsx';
import { openModal } from '@stod/ui/modal-store.ts';
import { Notice } from '@stod/ui/Notice.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useQuery } from '@tanstack/react-query';
import { useFill, usePour, usePurchase } from './api.ts';

interface Props {
  hash: string;
  fill: BeverageFill;
  onClose: () => void;
}

/**
 * A machine's code read: the drink, and pour on the subscription when it covers the drink, or buy
 * the cup once. Then the pour followed live to "enjoy" (spec §7 "Beverages", §8).
 */
export function BeverageSheet({ hash, fill: initial, onClose }: Props) {
  const { t } = useTranslation();
  const fill = useFill(hash, initial).data;
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const now = useSecondClock(fill.state === 'pending');
  const left = secondsUntil(fill.expiresAt, now);
  const expired = fill.state === 'expired' || (fill.state === 'pending' && left === 0);

  return (
    <div className="flex flex-col gap-5" data-testid="beverage-body" data-state={fill.state}>
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-amber-100 text-amber-900"
        >
          <Coffee size={32} />
        </span>
        <div className="flex flex-col">
          <span className="text-2xl font-bold text-slate-900 tabular-nums">
            {formatCurrency(fill.price)}
          </span>
          {fill.state === 'pending' && left !== null && left > 0 && (
            <span className="text-sm text-slate-600" data-testid="beverage-expires">
              {t('beverages.expiresIn', { time: formatClock(left) })}
            </span>
          )}
        </div>
      </div>
      {expired ? (
        <Outcome tone="bad" title={t('beverages.expired')} text={t('beverages.expiredText')} />
      ) : fill.state === 'pending' ? (
        <Choose hash={hash} fill={fill} onPaymentUrl={setPaymentUrl} />
      ) : fill.state === 'paying' ? (
        <>
          <Outcome tone="wait" title={t('beverages.paying')} text={t('beverages.payingText')} />
          {paymentUrl && (
            <Button variant="secondary" onClick={() => openPaymentPage(paymentUrl)}>
              {t('beverages.openPayment')}
            </Button>
          )}
        </>
      ) : fill.state === 'pouring' ? (
        <Outcome tone="wait" title={t('beverages.pouring')} text={t('beverages.pouringText')} />
      ) : fill.state === 'poured' ? (
        <Outcome tone="good" title={t('beverages.poured')} text={t('beverages.pouredText')} />
      ) : (
        <Outcome tone="bad" title={t('beverages.failed')} text={t('beverages.failedText')} />
      )}
      {fill.receiptId && fill.state === 'poured' && (
        <ButtonLink to={paths.receipt(fill.receiptId)} variant="secondary" onClick={onClose}>
          {t('beverages.toReceipt')}
        </ButtonLink>
      )}
      {fill.state !== 'pending' && fill.state !== 'paying' && (
        <Button variant={fill.state === 'poured' ? 'primary' : 'secondary'} onClick={onClose}>
          {t('beverages.done')}
        </Button>
      )}
    </div>
  );
}

function Outcome({
  tone,
  title,
  text,
}: {
  tone: 'good' | 'bad' | 'wait';
  title: string;
  text: string;
}) {
  const Icon = tone === 'good' ? CircleCheck : tone === 'bad' ? CircleX : LoaderCircle;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="beverage-outcome"
      className="flex flex-col items-center gap-2 rounded-2xl bg-slate-50 px-4 py-6 text-center"
    >
      <Icon
        size={40}
        aria-hidden="true"
        className={
          tone === 'good'
            ? 'text-emerald-700'
            : tone === 'bad'
              ? 'text-red-700'
              : 'animate-spin text-brand-strong motion-reduce:animate-none'
        }
      />
      <h3 className="text-xl font-bold text-slate-900">{title}</h3>
      <p className="text-base text-slate-700">{text}</p>
    </div>
  );
}

/** Refusals that §8 answers with the generic toast, though the server titles them too. */
const GENERIC_REFUSALS = new Set(['NO_BEVERAGE_SUBSCRIPTION', 'DRINK_NOT_IN_SUBSCRIPTION']);

/** The generic toast, or the server's alert with its header (§8). */
function refused(error: unknown, t: (key: 'error.generic' | 'modal.close') => string) {
  const apiError = apiErrorOf(error);
  if (apiError.header && !GENERIC_REFUSALS.has(apiError.code)) {
    openModal({
      title: apiError.header,
      body: apiError.message,
      testId: 'beverage-alert',
      actions: [{ label: t('modal.close'), variant: 'secondary' }],
    });
    return;
  }
  showToast('error', t('error.generic'));
}

/** The gateway's page in a new window on the web (§7), the in-app browser in the shells. */
function openPaymentPage(url: string, popup: Window | null = null) {
  if (popup) popup.location.replace(url);
  else if (isNativePlatform()) openInAppBrowser(url);
  else openExternal(url);
}

function Choose({
  hash,
  fill,
  onPaymentUrl,
}: {
  hash: string;
  fill: BeverageFill;
  onPaymentUrl: (url: string) => void;
}) {
  const { t } = useTranslation();
  const pour = usePour(hash);
  const purchase = usePurchase(hash);
  const methods = usePaymentMethods();
  const subs = useQuery(userSubscriptionsQueryOptions(useLocale()));
  const [chosen, setChosen] = useState<string | null>(null);
  const now = useMinuteClock();

  if (fill.covered) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-base text-slate-700">{t('beverages.covered')}</p>
        <Button
          className="min-h-14 text-lg"
          data-testid="beverage-pour"
          pending={pour.isPending}
          onClick={() =>
            pour.mutate(
              { hash, installationId: fill.installation_id, transactionId: fill.transaction_id },
              { onError: (error) => refused(error, t) },
            )
          }
        >
          {t('beverages.pour')}
        </Button>
      </div>
    );
  }

  const beverageSubs = (subs.data ?? []).filter(
    (s) => s.subscription.type === 'BEVERAGE' && new Date(s.validTo).getTime() > now.getTime(),
  );
  const why = fill.nextCupAt
    ? t('beverages.nextCup', { time: formatTime(fill.nextCupAt) })
    : beverageSubs.length > 0 && !coversBeverage(beverageSubs, fill.beverage_family, now)
      ? t('beverages.notInSubscription')
      : t('beverages.noSubscription');
  const cards: PaymentMethod[] = methods.data ? payingCards(methods.data.items, 'beverages') : [];
  const card = chosen ?? cards[0]?.id ?? null;

  const buy = () => {
    // The payment page must open from the press itself, or the browser blocks the window.
    const popup = card || isNativePlatform() ? null : window.open('about:blank', '_blank');
    purchase.mutate(card ? { hash, paymentMethodId: card } : { hash }, {
      onSuccess: (answer) => {
        if (!answer.paymentUrl) {
          popup?.close();
          return;
        }
        onPaymentUrl(answer.paymentUrl);
        openPaymentPage(answer.paymentUrl, popup);
      },
      onError: (error) => {
        popup?.close();
        showToast('error', apiErrorOf(error).message);
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <Notice tone="info" testId="beverage-why">
        {why}
      </Notice>
      {cards.length > 0 && (
        <ChoiceSection
          heading={t('beverages.payWith')}
          testId="beverage-payment"
          value={card}
          onChange={setChosen}
          choices={cards.map((c) =>
            cardChoice(
              { title: cardTitle(c), isFavourite: c.isFavourite },
              c.id,
              `beverage-pay-card-${c.id}`,
              t('beverages.favourite'),
            ),
          )}
        />
      )}
      <Button
        className="min-h-14 text-lg"
        data-testid="beverage-buy"
        pending={purchase.isPending || methods.isPending}
        onClick={buy}
      >
        {t(card ? 'beverages.buyOnce' : 'beverages.buyOnPage', {
          price: formatCurrency(fill.price),
        })}
      </Button>
    </div>
  );
}
