import { formatCurrency, type CarwashStart, type StationTransaction } from '@stod/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { stationAttemptKeys } from '../../../lib/attempt-keys.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import type { FollowState } from '../../../lib/followed-transaction.ts';
import { paths } from '../../../lib/paths.ts';
import { useStationById } from '../../../lib/station-query.ts';
import { ChoicesSkeleton } from '../../../lib/station-flow-states.tsx';
import { useActiveTransaction } from '../../../lib/station-transactions.ts';
import { ActiveNotice } from '../../../lib/active-notice.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { HoldNote } from '@stod/ui/HoldNote.tsx';
import { ChangeLink, StationHeading } from '@stod/ui/StationHeading.tsx';
import { useCreateWash, useStartWash } from '../api/start-wash.ts';
import { CHECKS, Checklist, type ChecklistItem } from '../components/Checklist.tsx';
import { attemptScope, selectionFromSearch, type WashSelection } from '../selection.ts';

/** What the wash is, either chosen on the products screen or already loaded on the bay. */
interface WashPlan {
  programme: string;
  price: number;
  bay: number;
  byVoucher: boolean;
}

/**
 * `/carwash/stations/{id}/checklist`: antenna, mirrors, windows and roof box, all four ticked
 * before 'Byrja vask'. The press loads the programme on the bay (the hold) and starts it. A wash
 * loaded but not yet started here, as after a restart, is started from this screen too.
 */
export function ChecklistScreen() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const selection = selectionFromSearch(search);
  const station = useStationById(id);
  const active = useActiveTransaction();
  const loaded =
    active.data?.service === 'carwash' &&
    active.data.state === 'ready' &&
    String(active.data.stationId) === id
      ? active.data
      : null;

  if (!selection && !loaded) {
    if (active.isPending) return <ChoicesSkeleton rows={CHECKS.length} />;
    return <Navigate to={paths.carwashProducts(id)} replace />;
  }
  if (!station.data) {
    if (station.isError) return <Navigate to={paths.carwashProducts(id)} replace />;
    return <ChoicesSkeleton rows={CHECKS.length} />;
  }

  const product = selection
    ? station.data.products.find((p) => p.service === 'carwash' && p.id === selection.product)
    : undefined;
  if (!loaded && !product) return <Navigate to={paths.carwashProducts(id)} replace />;

  const plan: WashPlan = loaded
    ? {
        programme: loaded.product.name,
        price: loaded.product.price,
        bay: loaded.point,
        byVoucher: loaded.paidWith === 'voucher',
      }
    : {
        programme: product?.name ?? '',
        price: product?.price ?? 0,
        bay: selection?.bay ?? 0,
        byVoucher: selection?.payment.kind === 'voucher',
      };

  return (
    <StartWash
      stationId={station.data.id}
      stationName={station.data.name}
      plan={plan}
      selection={loaded ? null : selection}
      loaded={loaded}
    />
  );
}

interface StartProps {
  stationId: number;
  stationName: string;
  plan: WashPlan;
  selection: WashSelection | null;
  loaded: StationTransaction | null;
}

function bodyOf(stationId: number, selection: WashSelection): CarwashStart {
  const base = { stationId, bayNumber: selection.bay, productId: selection.product };
  return selection.payment.kind === 'card'
    ? { ...base, paymentMethodId: selection.payment.id }
    : { ...base, voucherId: selection.payment.id };
}

function StartWash({ stationId, stationName, plan, selection, loaded }: StartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hintId = useId();
  const create = useCreateWash();
  const start = useStartWash();
  const [ticked, setTicked] = useState<ReadonlySet<ChecklistItem>>(new Set());
  // A wash loaded on the bay whose start got no answer is started again, not loaded twice.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || start.isPending;
  const allTicked = CHECKS.every((check) => ticked.has(check));

  const toggle = (check: ChecklistItem) => {
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(check)) next.delete(check);
      else next.add(check);
      return next;
    });
  };

  const begin = async () => {
    setError(null);
    let transactionId = createdId ?? loaded?.id ?? null;
    if (transactionId === null) {
      if (!selection) return;
      const scope = attemptScope(stationId, selection);
      try {
        const made = await create.mutateAsync({
          body: bodyOf(stationId, selection),
          idempotencyKey: stationAttemptKeys.keyFor(scope),
        });
        stationAttemptKeys.settle(scope, null);
        transactionId = made.id;
        setCreatedId(made.id);
      } catch (failure) {
        const apiError = apiErrorOf(failure);
        stationAttemptKeys.settle(scope, apiError);
        setError(apiError.message);
        return;
      }
    }
    try {
      const started = await start.mutateAsync(transactionId);
      const state: FollowState = { transactionId: started.id };
      void navigate(paths.carwashWash(stationId), { replace: true, state });
    } catch (failure) {
      const apiError = apiErrorOf(failure);
      // A refused start ends that wash and gives the hold back; the next press is a new one.
      if (apiError.statusCode > 0 && apiError.statusCode < 500) setCreatedId(null);
      setError(apiError.message);
    }
  };

  return (
    <Screen>
      <StationHeading
        testId="carwash-station-heading"
        name={stationName}
        detail={
          <span data-testid="carwash-plan" className="font-semibold text-slate-900">
            {t('carwash.summary', { programme: plan.programme, bay: plan.bay })}
          </span>
        }
        aside={
          !loaded && (
            <ChangeLink to={paths.carwashProducts(stationId)}>
              {t('carwash.changeChoice')}
            </ChangeLink>
          )
        }
      />
      <ActiveNotice
        service="carwash"
        testId="carwash-active-notice"
        linkLabel={t('carwash.toActive')}
        {...(loaded ? { exceptId: loaded.id } : {})}
      />
      <p className="px-1 text-base text-slate-700">{t('carwash.checklistIntro')}</p>
      <Checklist ticked={ticked} onToggle={toggle} disabled={busy} />
      <HoldNote testId="carwash-hold">
        <p className="text-sm font-medium">
          {plan.byVoucher
            ? t('carwash.holdVoucher')
            : t('carwash.holdCard', { price: formatCurrency(plan.price) })}
        </p>
      </HoldNote>
      {error && (
        <Notice tone="error" testId="carwash-start-error">
          {error}
        </Notice>
      )}
      <div className="flex flex-col gap-2">
        <Button
          data-testid="carwash-start"
          className="min-h-14 text-lg"
          disabled={!allTicked}
          pending={busy}
          aria-describedby={allTicked ? undefined : hintId}
          onClick={() => void begin()}
        >
          {t('carwash.start')}
        </Button>
        {!allTicked && (
          <p id={hintId} className="text-center text-sm text-slate-600">
            {t('carwash.checkAllHint')}
          </p>
        )}
      </div>
    </Screen>
  );
}
