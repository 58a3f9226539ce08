import { appPlatforms, type AppPlatform } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Field } from '@stod/ui/Field.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../i18n/index.ts';
import { ApiRequestError, fieldErrorsOf } from '../lib/api.ts';
import {
  useAppVersions,
  useMaintenance,
  useSetAppVersion,
  useSetMaintenance,
  type AppVersionAdmin,
  type MaintenanceAdmin,
} from '../lib/switches.ts';
import { dateTimeText, instantOfText } from '../lib/dates.ts';
import { ListSkeleton, Page } from './Page.tsx';
import { TextArea } from './TextArea.tsx';
import { dateTime } from '../lib/format.ts';

function MaintenanceState({ current }: { current: MaintenanceAdmin }) {
  const { t } = useTranslation();
  const state = current.active ? 'active' : current.enabled ? 'scheduled' : 'off';
  return (
    <p
      data-testid="maintenance-state"
      data-state={state}
      className={cn(
        'rounded-xl px-4 py-3 text-base font-semibold',
        state === 'active' && 'bg-red-100 text-red-900',
        state === 'scheduled' && 'bg-amber-100 text-amber-950',
        state === 'off' && 'bg-emerald-100 text-emerald-900',
      )}
    >
      {t(`switches.maintenance.${state}`)}
      {state === 'scheduled' && current.from && ` ${dateTime(current.from)}`}
    </p>
  );
}

/** Maintenance on or off, its notice in both languages, and when it holds. */
function MaintenancePanel({ current }: { current: MaintenanceAdmin }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(current.enabled);
  const [fo, setFo] = useState(current.message?.fo ?? '');
  const [en, setEn] = useState(current.message?.en ?? '');
  const [from, setFrom] = useState(dateTimeText(current.from));
  const [until, setUntil] = useState(dateTimeText(current.until));
  // A time typed that is no time is said at once, and nothing is sent.
  const [unread, setUnread] = useState<Record<string, string>>({});
  const save = useSetMaintenance();
  const errors = fieldErrorsOf(save.error);
  const err = (name: string) => messageText(unread[name] ?? errors[name]);
  const refusal = save.error instanceof ApiRequestError && !save.error.apiError.fieldErrors;
  const toggleId = useId();
  return (
    <Section title={t('switches.maintenance')}>
      <form
        noValidate
        data-testid="maintenance-form"
        className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
        onSubmit={(e) => {
          e.preventDefault();
          const message = fo.trim() || en.trim() ? { fo: fo.trim(), en: en.trim() } : null;
          const window = { from: instantOfText(from), until: instantOfText(until) };
          const broken = Object.fromEntries(
            (['from', 'until'] as const)
              .filter((name) => window[name] === null && { from, until }[name].trim() !== '')
              .map((name) => [name, 'validation.invalid']),
          );
          setUnread(broken);
          if (Object.keys(broken).length > 0) return;
          save.mutate(
            { enabled, message, ...window },
            { onSuccess: () => showToast('success', t('switches.saved')) },
          );
        }}
      >
        <MaintenanceState current={current} />
        {refusal && save.error instanceof ApiRequestError && (
          <Notice tone="error">{save.error.apiError.message}</Notice>
        )}
        <label
          htmlFor={toggleId}
          className="flex min-h-11 items-center gap-3 text-base font-medium text-slate-900"
        >
          <input
            id={toggleId}
            type="checkbox"
            className="size-5 accent-brand"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          {t('switches.maintenance.enable')}
        </label>
        <p className="text-sm text-slate-600">{t('switches.maintenance.hint')}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <TextArea
            label={t('switches.maintenance.fo')}
            value={fo}
            onChange={setFo}
            error={err('message.fo') ?? err('message')}
          />
          <TextArea
            label={t('switches.maintenance.en')}
            value={en}
            onChange={setEn}
            error={err('message.en')}
          />
          <Field
            label={t('switches.maintenance.from')}
            hint={`${t('switches.maintenance.fromHint')} ${t('date.dateTimeHint')}`}
            placeholder={t('date.dateTimeFormat')}
            autoComplete="off"
            spellCheck={false}
            value={from}
            error={err('from')}
            onChange={(e) => setFrom(e.target.value)}
          />
          <Field
            label={t('switches.maintenance.until')}
            hint={`${t('switches.maintenance.untilHint')} ${t('date.dateTimeHint')}`}
            placeholder={t('date.dateTimeFormat')}
            autoComplete="off"
            spellCheck={false}
            value={until}
            error={err('until')}
            onChange={(e) => setUntil(e.target.value)}
          />
        </div>
        <Button type="submit" block={false} pending={save.isPending} className="self-start">
          {t('switches.save')}
        </Button>
      </form>
    </Section>
  );
}

const platformNames: Record<AppPlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };

function VersionRow({ version }: { version: AppVersionAdmin }) {
  const { t } = useTranslation();
  const [minimum, setMinimum] = useState(version.minimum);
  const [latest, setLatest] = useState(version.latest ?? '');
  const [locked, setLocked] = useState(version.locked);
  const save = useSetAppVersion();
  const errors = fieldErrorsOf(save.error);
  const name = platformNames[version.platform];
  return (
    <form
      noValidate
      data-testid={`app-version-${version.platform}`}
      aria-label={name}
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 md:grid-cols-[7rem_1fr_1fr_auto_auto] md:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { platform: version.platform, minimum, latest: latest.trim() || null, locked },
          { onSuccess: () => showToast('success', t('switches.versionSaved', { platform: name })) },
        );
      }}
    >
      <span className="flex flex-col pb-3">
        <span className="text-base font-semibold text-slate-900">{name}</span>
        {version.fromEnvironment && (
          <span className="text-sm text-slate-600">{t('switches.fromEnvironment')}</span>
        )}
      </span>
      <Field
        label={t('switches.minimum')}
        value={minimum}
        inputMode="decimal"
        error={messageText(errors.minimum)}
        onChange={(e) => setMinimum(e.target.value)}
      />
      <Field
        label={t('switches.latest')}
        value={latest}
        inputMode="decimal"
        error={messageText(errors.latest)}
        onChange={(e) => setLatest(e.target.value)}
      />
      <label className="flex min-h-12 items-center gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={locked}
          onChange={(e) => setLocked(e.target.checked)}
        />
        {t('switches.locked')}
      </label>
      <Button type="submit" variant="secondary" block={false} pending={save.isPending}>
        {t('switches.save')}
      </Button>
    </form>
  );
}

/** The production switches: maintenance and the app versions. */
export function SwitchesScreen() {
  const { t } = useTranslation();
  const maintenance = useMaintenance();
  const versions = useAppVersions();
  return (
    <Page title={t('section.switches')} wide>
      <p className="max-w-prose text-base text-slate-600">{t('switches.intro')}</p>
      {(maintenance.isPending || versions.isPending) && (
        <ListSkeleton label={t('section.switches')} />
      )}
      {(maintenance.isError || versions.isError) && (
        <RetryNotice
          text={t('switches.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => {
            void maintenance.refetch();
            void versions.refetch();
          }}
          pending={maintenance.isFetching || versions.isFetching}
        />
      )}
      {maintenance.data && <MaintenancePanel current={maintenance.data} />}
      {versions.data && (
        <Section title={t('switches.versions')}>
          <p className="text-sm text-slate-600">{t('switches.versionsHint')}</p>
          {appPlatforms.map((platform) => {
            const version = versions.data.find((v) => v.platform === platform);
            return version ? <VersionRow key={platform} version={version} /> : null;
          })}
        </Section>
      )}
    </Page>
  );
}
