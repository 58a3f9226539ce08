import {
  Coffee,
  CreditCard,
  FileText,
  Gift,
  Globe,
  Handshake,
  LogOut,
  PlugZap,
  Receipt,
  Bell,
  UserRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, BRAND } from '../../../config.ts';
import { useLocale } from '../../../i18n/index.ts';
import { legalUrl, useCompany } from '../../../lib/company.ts';
import { paths } from '../../../lib/paths.ts';
import { openInAppBrowser } from '../../../platform/browser.ts';
import { useSession } from '../../../lib/session.ts';
import { ListGroup, ListItem } from '@stod/ui/ListItem.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useSignOutFlow } from '../use-sign-out.ts';

export function ProfileScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const company = useCompany().data;
  const user = useSession((s) => s.user);
  const signOut = useSignOutFlow();

  return (
    <Screen>
      <div className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-semibold text-white"
        >
          <UserRound size={26} />
        </span>
        {user ? (
          <div className="flex min-w-0 flex-col">
            <p className="truncate text-lg font-semibold text-slate-900" data-testid="profile-name">
              {user.name}
            </p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
            <p className="mt-1 w-fit rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-strong">
              {t(user.accountType === 'business' ? 'profile.business' : 'profile.private')}
            </p>
          </div>
        ) : (
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        )}
      </div>

      <ListGroup title={t('profile.sectionAccount')}>
        <ListItem
          to={paths.profileUser}
          label={t('profile.user')}
          description={t('profile.userText')}
          icon={<UserRound size={20} />}
        />
        <ListItem
          to={paths.language}
          label={t('profile.language')}
          description={t(locale === 'fo' ? 'language.fo' : 'language.en')}
          icon={<Globe size={20} />}
        />
        <ListItem
          to={paths.pushNotifications}
          label={t('profile.push')}
          icon={<Bell size={20} />}
        />
      </ListGroup>

      <ListGroup title={t('profile.sectionPayment')}>
        <ListItem
          to={paths.paymentMethods}
          label={t('profile.paymentMethods')}
          icon={<CreditCard size={20} />}
        />
        <ListItem
          to={paths.profileAgreement}
          label={t('profile.agreement')}
          icon={<Handshake size={20} />}
        />
        <ListItem to={paths.receipts} label={t('profile.receipts')} icon={<Receipt size={20} />} />
        <ListItem to={paths.vouchers} label={t('profile.vouchers')} icon={<Gift size={20} />} />
        <ListItem
          to={paths.subscriptions}
          label={t('profile.subscriptions')}
          icon={<Coffee size={20} />}
        />
        <ListItem
          to={paths.installations}
          label={t('profile.installations')}
          icon={<PlugZap size={20} />}
        />
      </ListGroup>

      <ListGroup title={t('profile.sectionAbout')}>
        {(['purchaseTerms', 'terms', 'privacy'] as const).map((page) => (
          <ListItem
            key={page}
            label={t(`profile.${page}`)}
            icon={<FileText size={20} />}
            navigates
            onClick={() => {
              openInAppBrowser(legalUrl(company, page, locale));
            }}
          />
        ))}
      </ListGroup>

      <ListGroup>
        <ListItem
          label={t('profile.signOut')}
          tone="danger"
          icon={<LogOut size={20} />}
          onClick={signOut.run}
          trailing={signOut.pending ? <Skeleton className="h-4 w-10" /> : null}
        />
      </ListGroup>

      <p className="text-center text-sm text-slate-600">
        {BRAND.name} · {t('profile.version', { version: APP_VERSION })}
      </p>
    </Screen>
  );
}
