import { stationServices, type OpeningHours, type StationService } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../lib/api.ts';
import { useStation, useStationSettings, type ConsoleStation } from '../lib/station.ts';
import { ReasonField } from './ReasonField.tsx';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

type Day = { closed: boolean; from: string; to: string };

const daysOf = (hours: OpeningHours): Day[] =>
  hours.map((d) =>
    d ? { closed: false, from: d.from, to: d.to } : { closed: true, from: '07:00', to: '23:00' },
  );

function SettingsForm({ station }: { station: ConsoleStation }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(daysOf(station.openingHours));
  const [services, setServices] = useState(station.services as StationService[]);
  const [reason, setReason] = useState('');
  const save = useStationSettings(station.id);
  const badTime = days.some((d) => !d.closed && (!TIME.test(d.from) || !TIME.test(d.to)));
  const failure = save.error instanceof ApiRequestError ? save.error.apiError.message : null;
  const set = (i: number, next: Partial<Day>) =>
    setDays(days.map((d, j) => (j === i ? { ...d, ...next } : d)));
  return (
    <form
      noValidate
      data-testid="station-settings"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        if (badTime || services.length === 0) return;
        save.mutate(
          {
            settings: {
              openingHours: days.map((d) => (d.closed ? null : { from: d.from, to: d.to })),
              services,
            },
            reason,
          },
          { onSuccess: () => showToast('success', t('station.settingsSaved')) },
        );
      }}
    >
      {failure && <Notice tone="error">{failure}</Notice>}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">
          {t('station.hours')}
        </legend>
        {DAYS.map((name, i) => {
          const day = days[i];
          if (!day) return null;
          return (
            <div
              key={name}
              className="grid grid-cols-[6rem_auto_1fr_1fr] items-center gap-3"
              data-testid={`hours-${name}`}
            >
              <span className="text-base font-medium text-slate-900">
                {t(`station.day.${name}`)}
              </span>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-5 accent-brand"
                  checked={day.closed}
                  onChange={(e) => set(i, { closed: e.target.checked })}
                />
                {t('station.closed')}
              </label>
              {/* Text, not time fields: the browser's own would write 12:00 AM on a Faroese page. */}
              <Field
                label={t('station.opens')}
                inputMode="numeric"
                maxLength={5}
                placeholder="07:00"
                value={day.from}
                disabled={day.closed}
                onChange={(e) => set(i, { from: e.target.value })}
              />
              <Field
                label={t('station.closes')}
                inputMode="numeric"
                maxLength={5}
                placeholder="23:00"
                value={day.to}
                disabled={day.closed}
                onChange={(e) => set(i, { to: e.target.value })}
              />
            </div>
          );
        })}
        {badTime && <p className="text-sm font-medium text-red-700">{t('station.badTime')}</p>}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">
          {t('station.services')}
        </legend>
        <div className="flex flex-wrap gap-4">
          {stationServices.map((service) => (
            <label
              key={service}
              className="flex min-h-11 items-center gap-2 text-base text-slate-900"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand"
                checked={services.includes(service)}
                onChange={(e) =>
                  setServices(
                    e.target.checked
                      ? stationServices.filter((s) => s === service || services.includes(s))
                      : services.filter((s) => s !== service),
                  )
                }
              />
              {t(`service.${service}`)}
            </label>
          ))}
        </div>
        {services.length === 0 && (
          <p className="text-sm font-medium text-red-700">{t('station.noServices')}</p>
        )}
      </fieldset>
      <ReasonField value={reason} onChange={setReason} />
      <Button type="submit" block={false} pending={save.isPending} className="self-start">
        {t('switches.save')}
      </Button>
    </form>
  );
}

/** A station's opening hours and services, for an operator or the station's own manager. */
export function StationSettings({ id }: { id: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Asked for only once opened: the live screen needs none of it.
  const station = useStation(id, open);
  return (
    <Section title={t('station.settings')}>
      {!open ? (
        <Button
          variant="secondary"
          block={false}
          className="self-start"
          onClick={() => setOpen(true)}
        >
          {t('station.editSettings')}
        </Button>
      ) : (
        station.data && <SettingsForm station={station.data} />
      )}
    </Section>
  );
}
