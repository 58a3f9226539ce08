import type { ChargeCreate, InstallationView, PaymentMethod } from '@stod/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { isChargeRunning, useActiveCharge } from '../../../lib/charge-query.ts';
import { paths } from '../../../lib/paths.ts';
import { payingCards } from '../../../lib/payment-choice.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { Button } from '@stod/ui/Button.tsx';
import { DetailList } from '@stod/ui/DetailList.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { ChangeLink } from '@stod/ui/StationHeading.tsx';
import { chargeAttemptKeys, useCreateCharge } from '../api/create-charge.ts';
import { chargerNumber, isChoosable } from '../charge-view.ts';
import { choiceExists, choiceFromSearch, isFreeChoice } from '../selection.ts';
import type { ChargeFollowState } from '../use-followed-charge.ts';
import { ActiveChargeNotice } from './ActiveChargeNotice.tsx';
import { ConnectorGrid, ConnectorLegend, type ConnectorChoice } from './ConnectorGrid.tsx';
import { InstallationHeading } from './InstallationHeading.tsx';
import { CardChoice, NoPaymentCard, OwnInstallationNote } from './PaymentChoice.tsx';
import { useTariffFees, useTariffText } from './TariffText.ts';

/** Refusals the user answers by choosing another connector. */
const CONNECTOR_REFUSALS = ['CHARGER_UNAVAILABLE', 'CHARGER_OFFLINE'];

/**
 * Before a charge: the connector (chosen on the installation's screen, or here), the card that
 * pays and the hold (none at the user's own installation), then the charge is opened. It opens
 * `ready`, and the screen follows it from there.
 */
export function ChargeStart({ installation }: { installation: InstallationView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tariffText = useTariffText();
  const tariffFees = useTariffFees();
  const [search, setSearch] = useSearchParams();
  const methods = usePaymentMethods();
  const create = useCreateCharge();
  const active = useActiveCharge();
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const connectorsHeading = useId();

  const own = installation.access === 'own';
  const asked = choiceFromSearch(search);
  const choice = isFreeChoice(installation, asked) ? asked : null;
  const taken = asked !== null && choice === null && choiceExists(installation, asked);
  const charger = choice ? installation.chargers.find((c) => c.id === choice.chargerId) : undefined;
  const cards: PaymentMethod[] = methods.data ? payingCards(methods.data.items, 'charging') : [];
  const cardId = cards.find((c) => c.id === chosenCard)?.id ?? cards[0]?.id ?? null;
  const error = create.error ? apiErrorOf(create.error) : null;
  // The notice above says the same with the way to the running charge.
  const shownError =
    error?.code === 'CHARGE_ACTIVE' && active.data && isChargeRunning(active.data) ? null : error;
  const noFree = !installation.chargers.some((c) => c.connectors.some((k) => isChoosable(c, k)));

  const choose = (next: ConnectorChoice | null) => {
    create.reset();
    setSearch(next ? { charger: next.chargerId, connector: String(next.connectorId) } : {}, {
      replace: true,
    });
  };

  // Free: the user's own installation, or a share the owner gave for nothing; no card is asked.
  const free = own || (installation.access === 'shared' && charger?.tariff.price === 0);
  const payable = free || cardId !== null;
  const submit = () => {
    if (!choice || !payable) return;
    const body: ChargeCreate = {
      installationId: installation.id,
      chargerId: choice.chargerId,
      connectorId: choice.connectorId,
      ...(free || cardId === null ? {} : { paymentMethodId: cardId }),
    };
    const scope = `charge:${installation.id}:${choice.chargerId}:${String(choice.connectorId)}:${cardId ?? 'own'}`;
    create.mutate(
      { body, idempotencyKey: chargeAttemptKeys.keyFor(scope) },
      {
        onSuccess: (charge) => {
          chargeAttemptKeys.settle(scope, null);
          const state: ChargeFollowState = { chargeId: charge.id };
          void navigate(paths.chargingCharge(installation.id), { replace: true, state });
        },
        onError: (failure) => chargeAttemptKeys.settle(scope, apiErrorOf(failure)),
      },
    );
  };

  return (
    <Screen>
      <InstallationHeading
        installation={installation}
        detail={
          choice && (
            <span data-testid="charge-chosen" className="font-semibold text-slate-900">
              {t('charging.chosen', {
                charger: chargerNumber(installation.chargers, choice.chargerId) ?? '',
                connector: choice.connectorId,
              })}
            </span>
          )
        }
        aside={
          choice ? (
            <ChangeLink to={paths.chargingInstallation(installation.id)}>
              {t('charging.change')}
            </ChangeLink>
          ) : undefined
        }
      />
      <ActiveChargeNotice />
      {!choice && (
        <section aria-labelledby={connectorsHeading} className="flex flex-col gap-3">
          <h2
            id={connectorsHeading}
            className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
          >
            {t('charging.chooseConnector')}
          </h2>
          {taken && (
            <Notice tone="error" testId="charge-connector-taken">
              {t('error.chargerUnavailable')}
            </Notice>
          )}
          {noFree && (
            <Notice tone="info" testId="charge-no-free">
              {t('charging.noFreeConnector')}
            </Notice>
          )}
          <ConnectorLegend />
          <ConnectorGrid installation={installation} onSelect={choose} selected={null} />
        </section>
      )}
      {choice && charger && (
        <>
          <DetailList
            testId="charge-price"
            details={[
              { label: t('charging.price'), value: tariffText(charger.tariff, free), strong: true },
              ...tariffFees(charger.tariff, free),
            ]}
          />
          {free ? (
            <OwnInstallationNote shared={!own} />
          ) : methods.isError && !methods.data ? (
            <RetryNotice
              text={t('wallet.loadFailed')}
              retryLabel={t('common.retry')}
              pending={methods.isFetching}
              onRetry={() => void methods.refetch()}
            />
          ) : !methods.data ? (
            <Skeleton className="h-32 w-full rounded-2xl" />
          ) : cards.length === 0 ? (
            <NoPaymentCard />
          ) : (
            <CardChoice
              cards={cards}
              value={cardId}
              onChange={setChosenCard}
              disabled={create.isPending}
            />
          )}
          {shownError && (
            <Notice tone="error" testId="charge-start-error">
              <p>{shownError.message}</p>
              {CONNECTOR_REFUSALS.includes(shownError.code) && (
                <Button
                  variant="secondary"
                  block={false}
                  className="mt-3"
                  onClick={() => choose(null)}
                >
                  {t('charging.chooseAnother')}
                </Button>
              )}
            </Notice>
          )}
          {payable && (
            <Button
              data-testid="charge-open"
              className="min-h-14 text-lg"
              pending={create.isPending}
              onClick={submit}
            >
              {t('charging.open')}
            </Button>
          )}
        </>
      )}
    </Screen>
  );
}
