import { pushKinds, type PushKind } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/api-error.ts';

import { pushPermission } from '../../../platform/push.ts';
import { usePushPreferences, useSetPushPreference } from '../api/push-api.ts';
import { forgetPushToken, hasRegisteredToken, runPushSetup } from '../setup.ts';

const deviceKey = ['push-device'] as const;

/** Whether this device may show pushes, and whether its token is registered. */
const useDeviceState = () =>
  useQuery({
    queryKey: deviceKey,
    queryFn: async () => ({
      permission: await pushPermission(),
      registered: await hasRegisteredToken(),
    }),
  });

/** `/profile/push-notifications`: push on this device, and which kinds of message the user gets. */
export function PushNotificationsScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <Section title={t('push.deviceTitle')}>
        <DeviceCard />
      </Section>
      <Section title={t('push.kindsTitle')}>
        <p className="px-1 text-sm text-slate-600">{t('push.kindsIntro')}</p>
        <KindSwitches />
      </Section>
    </Screen>
  );
}

function DeviceCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const device = useDeviceState();
  const [busy, setBusy] = useState(false);

  const turnOn = async () => {
    setBusy(true);
    const result = await runPushSetup({ ask: true });
    setBusy(false);
    await client.invalidateQueries({ queryKey: deviceKey });
    if (result === 'registered') showToast('success', t('push.turnedOn'));
    else if (result === 'failed') showToast('error', t('push.failed'));
  };
  const turnOff = async () => {
    setBusy(true);
    await forgetPushToken();
    setBusy(false);
    await client.invalidateQueries({ queryKey: deviceKey });
    showToast('info', t('push.turnedOff'));
  };

  if (!device.data) return <Skeleton className="h-36 rounded-2xl" />;
  const { permission, registered } = device.data;
  const on = permission === 'granted' && registered;
  const Icon = on ? BellRing : BellOff;
  const text =
    permission === 'unsupported'
      ? t('push.unsupported')
      : permission === 'denied'
        ? t('push.denied')
        : on
          ? t('push.on')
          : t('push.off');

  return (
    <div
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="push-device"
      data-state={on ? 'on' : permission}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-full',
            on ? 'bg-brand-soft text-brand-strong' : 'bg-slate-100 text-slate-600',
          )}
        >
          <Icon size={22} aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <p className="text-base font-semibold text-slate-900">
            {on ? t('push.onTitle') : t('push.offTitle')}
          </p>
          <p className="text-sm text-slate-600">{text}</p>
        </div>
      </div>
      {permission === 'denied' && <Notice tone="info">{t('push.deniedHelp')}</Notice>}
      {(permission === 'prompt' || (permission === 'granted' && !registered)) && (
        <Button pending={busy} onClick={() => void turnOn()} data-testid="push-turn-on">
          {t('push.turnOn')}
        </Button>
      )}
      {on && (
        <Button
          variant="secondary"
          pending={busy}
          onClick={() => void turnOff()}
          data-testid="push-turn-off"
        >
          {t('push.turnOff')}
        </Button>
      )}
    </div>
  );
}

function KindSwitches() {
  const { t } = useTranslation();
  const preferences = usePushPreferences();
  const set = useSetPushPreference();

  if (preferences.isError && !preferences.data)
    return (
      <RetryNotice
        text={t('push.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void preferences.refetch()}
        pending={preferences.isFetching}
      />
    );
  if (!preferences.data) return <Skeleton className="h-96 rounded-2xl" />;
  const values = preferences.data;
  const toggle = (kind: PushKind) =>
    set.mutate(
      { [kind]: !values[kind] },
      { onError: (error) => showToast('error', apiErrorOf(error).message) },
    );

  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      {pushKinds.map((kind) => (
        <li key={kind}>
          <Switch
            label={t(`push.kind.${kind}`)}
            hint={t(`push.kindHint.${kind}`)}
            checked={values[kind]}
            onChange={() => toggle(kind)}
            testId={`push-kind-${kind}`}
          />
        </li>
      ))}
    </ul>
  );
}

function Switch(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: () => void;
  testId: string;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-labelledby={labelId}
      aria-describedby={hintId}
      onClick={props.onChange}
      data-testid={props.testId}
      className="flex min-h-16 w-full items-center gap-4 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand"
    >
      <span className="flex flex-1 flex-col gap-0.5">
        <span id={labelId} className="text-base font-medium text-slate-900">
          {props.label}
        </span>
        <span id={hintId} className="text-sm text-slate-600">
          {props.hint}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 rounded-full transition-colors',
          props.checked ? 'bg-brand' : 'bg-slate-300',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 size-6 rounded-full bg-white shadow transition-transform',
            props.checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </span>
    </button>
  );
}
