import { isStationBound, staffCreateSchema, staffRoles, type StaffRoleName } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../i18n/index.ts';
import { fieldErrorsOf, refusalOf } from '../lib/api.ts';
import type { ConsoleStation } from '../lib/station.ts';
import {
  useChangeStaff,
  useCreateStaff,
  useReinvite,
  type StaffAccount,
} from '../lib/staff-accounts.ts';
import { Select } from './Select.tsx';
import { ReasonField } from './ReasonField.tsx';

/** The stations a station-bound member works at, ticked from the operator's list. */
export function StationPicker({
  stations,
  value,
  onChange,
  error,
}: {
  stations: readonly ConsoleStation[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...value, id].sort((a, b) => a - b) : value.filter((v) => v !== id));
  return (
    <fieldset
      className="flex flex-col gap-2 sm:col-span-2"
      aria-describedby={error ? errorId : undefined}
      data-testid="station-picker"
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('staff.stations')}</legend>
      <div className="grid max-h-64 gap-1 overflow-y-auto rounded-xl border border-slate-300 p-2 sm:grid-cols-2 lg:grid-cols-3">
        {stations.map((station) => (
          <label
            key={station.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-slate-900 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              className="size-5 accent-brand"
              checked={value.includes(station.id)}
              onChange={(e) => toggle(station.id, e.target.checked)}
            />
            {station.name}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function RoleSelect({
  value,
  onChange,
  disabled,
}: {
  value: StaffRoleName;
  onChange: (role: StaffRoleName) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('staff.role')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as StaffRoleName)}
    >
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {t(`role.${role}`)}
        </option>
      ))}
    </Select>
  );
}

/** A new staff account: they are mailed a link to choose their password. */
export function CreateStaff({
  stations,
  onDone,
}: {
  stations: readonly ConsoleStation[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    name: '',
    email: '',
    role: 'station' as StaffRoleName,
    stationIds: [] as number[],
    locale: 'fo' as 'fo' | 'en',
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const create = useCreateStaff();
  const serverErrors = fieldErrorsOf(create.error);
  const err = (name: string) => messageText(clientErrors[name] ?? serverErrors[name]);
  const bound = isStationBound(values.role);
  const submit = () => {
    const body = { ...values, stationIds: bound ? values.stationIds : [] };
    const checked = staffCreateSchema.safeParse(body);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues)
        errors[String(issue.path[0] ?? '')] ??= issue.message;
      setClientErrors(errors);
      return;
    }
    setClientErrors({});
    create.mutate(body, {
      onSuccess: (account) => {
        showToast('success', t('staff.invited', { email: account.email }));
        onDone();
      },
    });
  };
  const refusal = refusalOf(create.error);
  return (
    <form
      noValidate
      data-testid="staff-create"
      aria-label={t('staff.new')}
      className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900 sm:col-span-2">{t('staff.new')}</h2>
      {refusal && (
        <div className="sm:col-span-2">
          <Notice tone="error">{refusal}</Notice>
        </div>
      )}
      <Field
        label={t('staff.name')}
        autoComplete="off"
        maxLength={100}
        value={values.name}
        error={err('name')}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <Field
        label={t('staff.email')}
        type="email"
        autoComplete="off"
        maxLength={254}
        value={values.email}
        error={err('email')}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      <RoleSelect value={values.role} onChange={(role) => setValues({ ...values, role })} />
      <Select
        label={t('staff.language')}
        value={values.locale}
        onChange={(e) => setValues({ ...values, locale: e.target.value as 'fo' | 'en' })}
      >
        <option value="fo">Føroyskt</option>
        <option value="en">English</option>
      </Select>
      {bound && (
        <StationPicker
          stations={stations}
          value={values.stationIds}
          error={err('stationIds')}
          onChange={(stationIds) => {
            setValues({ ...values, stationIds });
            setClientErrors({ ...clientErrors, stationIds: '' });
          }}
        />
      )}
      <p className="text-sm text-slate-600 sm:col-span-2">{t('staff.inviteHint')}</p>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" block={false} pending={create.isPending}>
          {t('staff.invite')}
        </Button>
        <Button variant="secondary" block={false} onClick={onDone}>
          {t('staff.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** A member's role, stations and access, changed with a reason the audit log keeps. */
export function EditStaff({
  account,
  stations,
  self,
  onDone,
}: {
  account: StaffAccount;
  stations: readonly ConsoleStation[];
  self: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState(account.role);
  const [stationIds, setStationIds] = useState(account.stationIds);
  const [reason, setReason] = useState('');
  const change = useChangeStaff(account.id);
  const reinvite = useReinvite(account.id);
  const bound = isStationBound(role);
  const missing = bound && stationIds.length === 0;
  const save = () =>
    change.mutate(
      { patch: { role, ...(bound ? { stationIds } : {}) }, reason },
      {
        onSuccess: () => {
          showToast('success', t('staff.saved', { name: account.name }));
          onDone();
        },
      },
    );
  const setDisabled = (disabled: boolean) =>
    change.mutate(
      { patch: { disabled }, reason },
      {
        onSuccess: () => {
          showToast(
            'success',
            t(disabled ? 'staff.disabledDone' : 'staff.enabledDone', { name: account.name }),
          );
          onDone();
        },
      },
    );
  const refusal = refusalOf(change.error) ?? refusalOf(reinvite.error);
  const stationError = messageText(fieldErrorsOf(change.error).stationIds);
  return (
    <form
      noValidate
      data-testid="staff-edit"
      aria-label={t('staff.editTitle', { name: account.name })}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!missing) save();
      }}
    >
      {refusal && (
        <div className="sm:col-span-2">
          <Notice tone="error">{refusal}</Notice>
        </div>
      )}
      {self && <p className="text-sm text-slate-600 sm:col-span-2">{t('staff.selfHint')}</p>}
      <RoleSelect value={role} onChange={setRole} disabled={self} />
      <ReasonField value={reason} onChange={setReason} />
      {bound && (
        <StationPicker
          stations={stations}
          value={stationIds}
          onChange={setStationIds}
          error={missing ? t('staff.stationsMissing') : stationError}
        />
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" block={false} pending={change.isPending} disabled={missing}>
          {t('staff.save')}
        </Button>
        {!self &&
          (account.disabledAt ? (
            <Button variant="secondary" block={false} onClick={() => setDisabled(false)}>
              {t('staff.enable')}
            </Button>
          ) : (
            <Button variant="danger" block={false} onClick={() => setDisabled(true)}>
              {t('staff.disable')}
            </Button>
          ))}
        {!account.passwordSet && !account.disabledAt && (
          <Button
            variant="secondary"
            block={false}
            pending={reinvite.isPending}
            onClick={() =>
              reinvite.mutate(undefined, {
                onSuccess: () => showToast('success', t('staff.invited', { email: account.email })),
              })
            }
          >
            {t('staff.reinvite')}
          </Button>
        )}
        <Button variant="ghost" block={false} onClick={onDone}>
          {t('staff.cancel')}
        </Button>
      </div>
    </form>
  );
}
