import { kronerDecimal, tariffTypes, type TariffType } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { Ban, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../lib/api.ts';
import { usePatchCharger, usePatchInstallation, type OperatorCharger } from '../lib/chargers.ts';
import { oreOfKroner } from '../lib/customers.ts';
import { dateTime } from '../lib/format.ts';
import { ReasonField } from './ReasonField.tsx';
import { Select } from './Select.tsx';

/** The installation's name and whether every customer sees it. */
function InstallationForm({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const [name, setName] = useState(charger.installationName);
  const [open, setOpen] = useState(charger.installationPublic);
  const [reason, setReason] = useState('');
  const save = usePatchInstallation(charger.installationId);
  const failure = refusalOf(save.error);
  return (
    <form
      noValidate
      data-testid="installation-form"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return;
        save.mutate(
          { patch: { name: name.trim(), public: open }, reason },
          { onSuccess: () => showToast('success', t('charger.service.saved')) },
        );
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">{t('charger.installation')}</h3>
      {failure && <Notice tone="error">{failure}</Notice>}
      <Field
        label={t('charger.service.name')}
        maxLength={80}
        value={name}
        error={name.trim() ? undefined : t('validation.required')}
        onChange={(e) => setName(e.target.value)}
      />
      <label className="flex min-h-11 items-center gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={open}
          onChange={(e) => setOpen(e.target.checked)}
        />
        {t('charger.service.public')}
      </label>
      <p className="-mt-2 text-sm text-slate-600">{t('charger.service.publicHint')}</p>
      <ReasonField value={reason} onChange={setReason} />
      <Button type="submit" block={false} pending={save.isPending} className="self-start">
        {t('switches.save')}
      </Button>
    </form>
  );
}

/** The charger's power and its price. */
function TariffForm({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const [power, setPower] = useState(String(charger.maxPowerKw).replace('.', ','));
  const [type, setType] = useState<TariffType>(charger.tariff.type);
  const [price, setPrice] = useState(kronerDecimal(charger.tariff.price, ','));
  const [startFee, setStartFee] = useState(kronerDecimal(charger.tariff.startFee ?? 0, ','));
  const [idleFee, setIdleFee] = useState(kronerDecimal(charger.tariff.idleFee ?? 0, ','));
  const [grace, setGrace] = useState(String(charger.tariff.idleGraceMinutes ?? 0));
  const [reason, setReason] = useState('');
  const save = usePatchCharger(charger.identity);
  const kw = Number(power.trim().replace(',', '.'));
  const ore = oreOfKroner(price);
  const startOre = oreOfKroner(startFee);
  const idleOre = oreOfKroner(idleFee);
  const graceMinutes = Number(grace.trim());
  const badPower = !(kw > 0 && kw <= 400);
  const badPrice = Number.isNaN(ore) || ore > 100_000;
  const badStart = Number.isNaN(startOre) || startOre > 100_000;
  const badIdle = Number.isNaN(idleOre) || idleOre > 10_000;
  const badGrace =
    grace.trim() === '' ||
    !Number.isInteger(graceMinutes) ||
    graceMinutes < 0 ||
    graceMinutes > 1440;
  const failure = refusalOf(save.error);
  return (
    <form
      noValidate
      data-testid="tariff-form"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (badPower || badPrice || badStart || badIdle || badGrace) return;
        const tariff = {
          type,
          price: ore,
          startFee: startOre,
          idleFee: idleOre,
          idleGraceMinutes: graceMinutes,
        };
        save.mutate(
          { patch: { maxPowerKw: kw, tariff }, reason },
          { onSuccess: () => showToast('success', t('charger.service.saved')) },
        );
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">{t('charger.service.tariff')}</h3>
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6">
        <Field
          label={t('charger.service.power')}
          inputMode="decimal"
          value={power}
          error={badPower ? t('validation.invalid') : undefined}
          onChange={(e) => setPower(e.target.value)}
        />
        <Select
          label={t('charger.service.per')}
          value={type}
          onChange={(e) => setType(e.target.value as TariffType)}
        >
          {tariffTypes.map((v) => (
            <option key={v} value={v}>
              {t(`charger.service.per.${v}`)}
            </option>
          ))}
        </Select>
        <Field
          label={t('charger.service.price')}
          inputMode="decimal"
          value={price}
          error={badPrice ? t('validation.invalid') : undefined}
          onChange={(e) => setPrice(e.target.value)}
        />
        <Field
          label={t('charger.service.startFee')}
          inputMode="decimal"
          value={startFee}
          error={badStart ? t('validation.invalid') : undefined}
          onChange={(e) => setStartFee(e.target.value)}
        />
        <Field
          label={t('charger.service.idleFee')}
          inputMode="decimal"
          value={idleFee}
          error={badIdle ? t('validation.invalid') : undefined}
          onChange={(e) => setIdleFee(e.target.value)}
        />
        <Field
          label={t('charger.service.idleGrace')}
          inputMode="numeric"
          value={grace}
          error={badGrace ? t('validation.invalid') : undefined}
          onChange={(e) => setGrace(e.target.value)}
        />
      </div>
      <p className="-mt-2 text-sm text-slate-600">
        {t('charger.service.tariffHint')} {t('charger.service.feesHint')}
      </p>
      <ReasonField value={reason} onChange={setReason} />
      <Button type="submit" block={false} pending={save.isPending} className="self-start">
        {t('switches.save')}
      </Button>
    </form>
  );
}

/** Taking the charger out of the network, or back: it asks first, with the reason. */
function Decommission({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const save = usePatchCharger(charger.identity);
  const [reason, setReason] = useState('');
  const out = charger.decommissionedAt !== null;
  const failure = refusalOf(save.error);
  const act = async () => {
    save.reset();
    const confirmed = await confirmModal({
      title: t(out ? 'charger.service.backTitle' : 'charger.service.outTitle', {
        identity: charger.identity,
      }),
      body: t(out ? 'charger.service.backText' : 'charger.service.outText'),
      confirmLabel: t(out ? 'charger.service.back' : 'charger.service.out'),
      testId: 'decommission-dialog',
      danger: !out,
    });
    if (!confirmed) return;
    save.mutate(
      { patch: { decommissioned: !out }, reason },
      {
        onSuccess: () =>
          showToast('success', t(out ? 'charger.service.backDone' : 'charger.service.outDone')),
      },
    );
  };
  return (
    <div className="flex flex-col gap-4" data-testid="decommission">
      <h3 className="text-base font-semibold text-slate-900">{t('charger.service.network')}</h3>
      <p className="text-base text-slate-700" data-testid="decommissioned-state">
        {out && charger.decommissionedAt
          ? t('charger.service.isOut', { time: dateTime(charger.decommissionedAt) })
          : t('charger.service.isIn')}
      </p>
      {failure && <Notice tone="error">{failure}</Notice>}
      <ReasonField value={reason} onChange={setReason} />
      <Button
        variant={out ? 'secondary' : 'danger'}
        block={false}
        className="self-start"
        pending={save.isPending}
        icon={
          out ? <RotateCcw size={18} aria-hidden="true" /> : <Ban size={18} aria-hidden="true" />
        }
        onClick={() => void act()}
      >
        {t(out ? 'charger.service.back' : 'charger.service.out')}
      </Button>
    </div>
  );
}

/** What the operator changes about a charger: its installation, its price, its place in the network. */
export function ServicePanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  return (
    <Section title={t('charger.service.title')} testId="charger-service">
      <div className="grid items-start gap-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200 md:grid-cols-2">
        <InstallationForm
          key={`${charger.installationId}-${charger.installationName}`}
          charger={charger}
        />
        <Decommission charger={charger} />
        {/* Keyed by the charger only: a save that changes the tariff keeps the form (and its
            toast) rather than starting it again. */}
        <div className="md:col-span-2">
          <TariffForm key={charger.identity} charger={charger} />
        </div>
      </div>
    </Section>
  );
}
