import {
  formatCurrency,
  formatDate,
  isMessageKey,
  type StationPointKind,
  type StationTransaction,
} from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Notice } from '@stod/ui/Notice.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { Play } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveBay, LiveMachine, LivePump } from '../lib/station-live.ts';
import { usePointService } from '../lib/station.ts';
import { useResumeWash } from '../lib/wash-resume.ts';
import { BayChip, ConnectionLostBadge, PumpChip } from './StateChip.tsx';
import { dateTime } from '../lib/format.ts';

/** Litres as the receipt shows them: two comma decimals. */
const formatLitres = (litres: number) => `${litres.toFixed(2).replace('.', ',')} L`;

/** 'kl. 14:07' for today, the whole 'DD.MM.YYYY kl. 14:07' for an older start. */
function startedAt(value: string, now: number): string {
  const full = dateTime(value);
  const today = formatDate(now);
  return full.startsWith(`${today} `) ? full.slice(today.length + 1) : full;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-base font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** The transaction on a pump or in a bay, as staff need it at the counter. */
function TransactionFacts({
  transaction,
  remainingSeconds,
  now,
}: {
  transaction: StationTransaction;
  remainingSeconds: number | null;
  /** When the view was read: what 'today' means for the start time. */
  now: number;
}) {
  const { t } = useTranslation();
  const fuel = transaction.service === 'fuel';
  const label = fuel
    ? t(`station.fuelLabel.${transaction.label}`)
    : t(`station.washLabel.${transaction.label}`);
  const seconds = transaction.remainingSeconds ?? remainingSeconds;
  return (
    <div className="flex flex-col gap-3" data-testid="transaction">
      {transaction.connectionLost && (
        <div>
          <ConnectionLostBadge />
        </div>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Fact term={t('station.customerSees')}>
          <span data-testid="customer-label">{label}</span>
        </Fact>
        <Fact term={t('station.product')}>{transaction.product.name}</Fact>
        {fuel ? (
          <>
            <Fact term={t('station.litres')}>
              {transaction.litres === null ? '–' : formatLitres(transaction.litres)}
            </Fact>
            <Fact term={t('station.soFar')}>{formatCurrency(transaction.amount)}</Fact>
          </>
        ) : (
          seconds !== null && (
            <Fact
              term={t(transaction.state === 'countdown' ? 'station.startsIn' : 'station.remaining')}
            >
              {t('station.minutes', { minutes: Math.ceil(seconds / 60) })}
            </Fact>
          )
        )}
        {transaction.fromBalance > 0 && (
          <Fact term={t('station.fromBalance')}>{formatCurrency(transaction.fromBalance)}</Fact>
        )}
        {transaction.paidWith === 'voucher' ? (
          <Fact term={t('station.paidWith')}>{t('station.voucher')}</Fact>
        ) : (
          <>
            <Fact term={t('station.held')}>{formatCurrency(transaction.held)}</Fact>
            <Fact term={t('station.captured')}>{formatCurrency(transaction.captured)}</Fact>
          </>
        )}
        <Fact term={t('station.started')}>{startedAt(transaction.createdAt, now)}</Fact>
      </dl>
      {transaction.errorKey && isMessageKey(transaction.errorKey) && (
        <p className="text-sm font-medium text-red-800">{t(transaction.errorKey)}</p>
      )}
    </div>
  );
}

/** A pump or a bay; one with a transaction takes two columns, an idle one keeps small. */
function PointCard({
  testId,
  title,
  chip,
  wide,
  children,
}: {
  testId: string;
  title: string;
  chip: ReactNode;
  wide: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      data-testid={testId}
      className={cn(
        'flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200',
        wide && 'col-span-2',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        {chip}
      </div>
      {children}
    </li>
  );
}

/** Where a point's out-of-service switch acts: given to those who run the station. */
export interface PointManager {
  stationId: number;
}

function OutOfService() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="out-of-service"
      className="self-start rounded-full bg-slate-800 px-2.5 py-0.5 text-sm font-semibold text-white"
    >
      {t('station.outOfService')}
    </span>
  );
}

/** A change the API refused, until staff dismiss it or try again. */
function ChangeError({
  mutation,
  testId,
}: {
  mutation: { error: Error | null; reset: () => void };
  testId: string;
}) {
  const { t } = useTranslation();
  if (!mutation.error) return null;
  return (
    <Notice
      tone="error"
      testId={testId}
      onDismiss={() => mutation.reset()}
      dismissLabel={t('modal.close')}
    >
      {mutation.error.message}
    </Notice>
  );
}

/** Takes one point out of service or back, on its own: other cards stay free to change. */
function ServiceToggle({
  out,
  manager,
  kind,
  point,
  name,
}: {
  out: boolean;
  manager: PointManager;
  kind: StationPointKind;
  point: string;
  name: string;
}) {
  const { t } = useTranslation();
  const change = usePointService(manager.stationId, kind, point);
  const toggle = () =>
    change.mutate(!out, {
      onSuccess: () =>
        showToast(
          'success',
          t(out ? 'station.serviceBackDone' : 'station.serviceOutDone', { name }),
        ),
    });
  return (
    <div className="flex flex-col gap-2">
      <ChangeError mutation={change} testId="service-error" />
      <div className="flex flex-wrap items-center gap-3">
        {out && <OutOfService />}
        <Button
          variant="ghost"
          block={false}
          className="min-h-11 px-3 text-sm"
          pending={change.isPending}
          aria-label={t(out ? 'station.serviceBackLabel' : 'station.serviceOutLabel', { name })}
          onClick={toggle}
        >
          {t(out ? 'station.serviceBack' : 'station.serviceOut')}
        </Button>
      </div>
    </div>
  );
}

/** The switch for those who run the station, else only the mark of a closed point. */
function PointService({
  out,
  manager,
  kind,
  point,
  name,
}: {
  out: boolean;
  manager: PointManager | undefined;
  kind: StationPointKind;
  point: string;
  name: string;
}) {
  if (manager)
    return <ServiceToggle out={out} manager={manager} kind={kind} point={point} name={name} />;
  return out ? <OutOfService /> : null;
}

function NoTransaction() {
  const { t } = useTranslation();
  return <p className="text-sm text-slate-600">{t('station.noTransaction')}</p>;
}

export function PumpCard({
  pump,
  now,
  manager,
}: {
  pump: LivePump;
  now: number;
  /** Given to those who may take the pump out of service. */
  manager?: PointManager | undefined;
}) {
  const { t } = useTranslation();
  const name = t('station.pump', { number: pump.number });
  return (
    <PointCard
      testId={`pump-${String(pump.number)}`}
      title={name}
      chip={<PumpChip state={pump.state} />}
      wide={pump.transaction !== null}
    >
      {pump.transaction ? (
        <TransactionFacts transaction={pump.transaction} remainingSeconds={null} now={now} />
      ) : (
        <NoTransaction />
      )}
      <PointService
        out={pump.outOfService}
        manager={manager}
        kind="pump"
        point={String(pump.number)}
        name={name}
      />
    </PointCard>
  );
}

/** A stopped wash waits for staff: only they can start it again, until it is closed. */
export function ResumeWash({
  stationId,
  bay,
  transaction,
}: {
  stationId: number;
  bay: number;
  transaction: StationTransaction;
}) {
  const { t } = useTranslation();
  const resume = useResumeWash(stationId);
  const ask = async () => {
    resume.reset();
    const confirmed = await confirmModal({
      title: t('station.resumeTitle', { number: bay }),
      body: t('station.resumeText', { product: transaction.product.name }),
      confirmLabel: t('station.resumeConfirm'),
      testId: 'resume-dialog',
    });
    if (!confirmed) return;
    resume.mutate(transaction.id, {
      onSuccess: () => showToast('success', t('station.resumed', { number: bay })),
    });
  };
  return (
    <div className="flex flex-col gap-3">
      <ChangeError mutation={resume} testId="resume-error" />
      <Button
        icon={<Play size={18} aria-hidden="true" />}
        pending={resume.isPending}
        onClick={() => void ask()}
      >
        {t('station.resume')}
      </Button>
    </div>
  );
}

export function BayCard({
  bay,
  canResume,
  now,
  manager,
}: {
  bay: LiveBay;
  now: number;
  /** Given to those who may take the bay out of service. */
  manager?: PointManager | undefined;
  /** Operators and the station's own staff resume washes; kitchen staff only watch. */
  canResume: boolean;
}) {
  const { t } = useTranslation();
  const { transaction } = bay;
  const stopped = transaction?.state === 'stopped';
  return (
    <PointCard
      testId={`bay-${String(bay.number)}`}
      title={t('station.bay', { number: bay.number })}
      chip={<BayChip state={bay.state} />}
      wide={transaction !== null}
    >
      {transaction ? (
        <TransactionFacts
          transaction={transaction}
          remainingSeconds={bay.remainingSeconds}
          now={now}
        />
      ) : (
        <NoTransaction />
      )}
      {stopped && transaction.finishedAt !== null && (
        <p className="text-sm text-slate-700">{t('station.resumeClosed')}</p>
      )}
      {stopped && transaction.finishedAt === null && (
        <p className="text-sm font-medium text-red-800">
          {t(canResume ? 'station.resumeAbove' : 'station.resumeNotAllowed')}
        </p>
      )}
      <PointService
        out={bay.outOfService}
        manager={manager}
        kind="bay"
        point={String(bay.number)}
        name={t('station.bay', { number: bay.number })}
      />
    </PointCard>
  );
}

/** A coffee machine: what it reports, and whether staff took it out of service. */
export function MachineCard({
  machine,
  manager,
}: {
  machine: LiveMachine;
  manager?: PointManager | undefined;
}) {
  const { t } = useTranslation();
  const fault = machine.state === 'out of order' || machine.state === null;
  return (
    <PointCard
      testId={`machine-${machine.id}`}
      title={machine.name}
      chip={
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1',
            fault
              ? 'bg-red-100 text-red-900 ring-red-300'
              : 'bg-emerald-50 text-emerald-900 ring-emerald-300',
          )}
        >
          {machine.state === null
            ? t('station.machineUnreachable')
            : t(`station.machineState.${machine.state}`)}
        </span>
      }
      wide={false}
    >
      {machine.outOfService && (
        <p className="text-sm text-slate-700">{t('station.machineOutHint')}</p>
      )}
      <PointService
        out={machine.outOfService}
        manager={manager}
        kind="machine"
        point={machine.id}
        name={machine.name}
      />
    </PointCard>
  );
}
