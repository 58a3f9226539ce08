import { staffRoles } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.ts';
import {
  STAFF_PAGE,
  useStaffAccounts,
  type StaffAccount,
  type StaffFilter,
} from '../lib/staff-accounts.ts';
import { useStationList, type ConsoleStation } from '../lib/station.ts';
import { useSearchPause } from '../lib/use-search-pause.ts';
import { ListSkeleton, Page, Pager } from './Page.tsx';
import { Select } from './Select.tsx';
import { StaffStateChip } from './StateChip.tsx';
import { CreateStaff, EditStaff } from './StaffForms.tsx';
import { dateTime } from '../lib/format.ts';

const stateOf = (account: StaffAccount) =>
  account.disabledAt ? 'disabled' : account.passwordSet ? 'active' : 'invited';

function StaffRow({
  account,
  stations,
  editing,
  onEdit,
}: {
  account: StaffAccount;
  stations: readonly ConsoleStation[];
  editing: boolean;
  onEdit: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const self = useSession((s) => s.member?.id === account.id);
  const names = account.stationIds.map(
    (id) => stations.find((s) => s.id === id)?.name ?? `#${String(id)}`,
  );
  return (
    <li
      data-testid="staff-row"
      data-email={account.email}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="grid gap-3 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto_auto] md:items-center">
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="truncate text-base font-semibold text-slate-900">
            {account.name}
            {self && <span className="font-normal text-slate-600"> · {t('staff.you')}</span>}
          </span>
          <span className="truncate text-sm text-slate-600">{account.email}</span>
        </span>
        <span className="flex min-w-0 flex-col gap-0.5 text-sm text-slate-800">
          <span className="font-medium">{t(`role.${account.role}`)}</span>
          <span className="text-slate-600">
            {account.role === 'operator'
              ? t('staff.allStations')
              : names.length > 0
                ? names.join(', ')
                : '–'}
          </span>
        </span>
        <span className="flex min-w-0 flex-col items-start gap-1 text-sm text-slate-600">
          <StaffStateChip state={stateOf(account)} />
          <span>
            {account.lastActiveAt
              ? t('staff.lastActive', { time: dateTime(account.lastActiveAt) })
              : t('staff.neverActive')}
          </span>
        </span>
        <Button
          variant="secondary"
          block={false}
          icon={<Pencil size={18} aria-hidden="true" />}
          aria-expanded={editing}
          aria-label={t('staff.editTitle', { name: account.name })}
          onClick={() => onEdit(!editing)}
        >
          {t('staff.edit')}
        </Button>
      </div>
      {editing && (
        <EditStaff account={account} stations={stations} self={self} onDone={() => onEdit(false)} />
      )}
    </li>
  );
}

/** Who works in the console: their role, their stations, and whether they may sign in. */
export function StaffScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<StaffFilter>({ q: '', role: '' });
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const accounts = useStaffAccounts(useSearchPause(filter), offset);
  const stations = useStationList().data?.items ?? [];
  const change = (next: Partial<StaffFilter>) => {
    setFilter({ ...filter, ...next });
    setOffset(0);
  };
  return (
    <Page title={t('section.staff')} wide>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-base text-slate-600">{t('staff.intro')}</p>
        {!creating && (
          <Button
            block={false}
            icon={<UserPlus size={20} aria-hidden="true" />}
            onClick={() => setCreating(true)}
          >
            {t('staff.new')}
          </Button>
        )}
      </div>
      {creating && <CreateStaff stations={stations} onDone={() => setCreating(false)} />}
      <search>
        <form
          className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[1fr_auto]"
          onSubmit={(e) => e.preventDefault()}
        >
          <Field
            type="search"
            label={t('staff.search')}
            value={filter.q}
            maxLength={100}
            onChange={(e) => change({ q: e.target.value })}
          />
          <Select
            label={t('staff.role')}
            value={filter.role}
            onChange={(e) => change({ role: e.target.value as StaffFilter['role'] })}
          >
            <option value="">{t('staff.allRoles')}</option>
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)}
              </option>
            ))}
          </Select>
        </form>
      </search>
      {accounts.isPending && <ListSkeleton label={t('section.staff')} />}
      {accounts.isError && (
        <RetryNotice
          text={t('staff.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void accounts.refetch()}
          pending={accounts.isFetching}
        />
      )}
      {accounts.data?.items.length === 0 && <EmptyState level={2} title={t('staff.empty')} />}
      {accounts.data && accounts.data.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('section.staff')}>
            {accounts.data.items.map((account) => (
              <StaffRow
                key={account.id}
                account={account}
                stations={stations}
                editing={editing === account.id}
                onEdit={(open) => setEditing(open ? account.id : null)}
              />
            ))}
          </ul>
          <Pager
            label={t('section.staff')}
            offset={offset}
            page={STAFF_PAGE}
            total={accounts.data.total}
            onOffset={setOffset}
          />
        </>
      )}
    </Page>
  );
}
