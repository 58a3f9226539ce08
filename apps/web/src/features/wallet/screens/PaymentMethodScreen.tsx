import { formatDate, type PaymentMethod } from '@stod/domain';
import { CreditCard, Star, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { CardSection } from '@stod/ui/CardSection.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { usePaymentMethod } from '../api/get-payment-method.ts';
import { cardTitle, formatExpiry, maskedNumber } from '../card-format.ts';
import { CardFace } from '../components/CardFace.tsx';
import { ProductChips } from '../components/ProductChips.tsx';
import { FavouriteBadge, StatusBadge } from '../components/StatusBadge.tsx';
import { useActivationRefetch } from '../use-activation-refetch.ts';
import { useCardActions } from '../use-card-actions.ts';

/** `/profile/payment-methods/{id}`: one card, its details, favourite and delete. */
export function PaymentMethodScreen() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const query = usePaymentMethod(id);

  if (query.isPending) {
    return (
      <Screen>
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-6">
          <Skeleton className="aspect-[1.586] w-full max-w-sm self-center rounded-3xl" />
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      </Screen>
    );
  }
  if (query.isError) {
    const missing =
      query.error instanceof ApiRequestError && query.error.apiError.statusCode === 404;
    return (
      <div className="flex flex-1 flex-col" data-testid="payment-method-missing">
        <ErrorState
          level={2}
          icon={<CreditCard size={28} />}
          title={missing ? t('wallet.notFoundTitle') : t('wallet.loadFailed')}
          text={missing ? t('error.notFound') : undefined}
          action={
            <ButtonLink to={paths.paymentMethods} replace>
              {t('wallet.backToList')}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  return <PaymentMethodDetails method={query.data} />;
}

function PaymentMethodDetails({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useCardActions();
  useActivationRefetch([method]);
  const expiry = formatExpiry(method);

  const onDelete = async () => {
    if (await actions.confirmDelete(method))
      await navigate(paths.paymentMethods, { replace: true });
  };

  return (
    <Screen>
      <CardFace method={method} />
      {(method.isFavourite || !method.isActive) && (
        <div className="flex flex-wrap justify-center gap-1.5">
          {method.isFavourite && <FavouriteBadge />}
          <StatusBadge method={method} />
        </div>
      )}
      <CardSection title={t('wallet.details')}>
        <dl className="-mt-1 divide-y divide-slate-100 text-base">
          <Row label={t('wallet.type')}>
            {method.kind === 'own_card' ? t('wallet.ownCard') : t('wallet.typeCard')}
          </Row>
          <Row label={t('wallet.number')}>
            <span className="tabular-nums">{maskedNumber(method.last4)}</span>
          </Row>
          <Row label={t('wallet.name')}>{cardTitle(method, t('wallet.ownCard'))}</Row>
          {expiry && (
            <Row label={t('wallet.expiry')}>
              <span className="tabular-nums">{expiry}</span>
            </Row>
          )}
          <Row label={t('wallet.added')}>{formatDate(method.createdAt)}</Row>
        </dl>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-600">{t('wallet.productsLabel')}</h3>
          <ProductChips products={method.products} />
        </div>
      </CardSection>
      <div className="flex flex-col gap-3">
        {!method.isFavourite && (
          <Button
            icon={<Star size={20} aria-hidden="true" />}
            pending={actions.busy}
            onClick={() => actions.makeFavourite(method)}
          >
            {t('wallet.makeFavourite')}
          </Button>
        )}
        <Button
          variant="danger"
          icon={<Trash2 size={20} aria-hidden="true" />}
          disabled={actions.busy}
          onClick={() => void onDelete()}
        >
          {t('wallet.delete')}
        </Button>
      </div>
    </Screen>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}
