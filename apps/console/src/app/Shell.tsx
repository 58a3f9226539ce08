import { sectionsFor, type ConsoleSection } from '@stod/domain';
import { cn } from '@stod/ui/cn.ts';
import { Logo } from '@stod/ui/Logo.tsx';
import {
  BellRing,
  Landmark,
  Gift,
  LifeBuoy,
  LogOut,
  Megaphone,
  MapPin,
  PlugZap,
  Repeat,
  ScrollText,
  SlidersHorizontal,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { applyLocale, useLocale } from '../i18n/index.ts';
import { AlarmSocketContext, useAlarms, useAlarmSocket } from '../lib/alarms.ts';
import { useSession } from '../lib/session.ts';
import { signOut } from '../lib/staff.ts';
import { paths, sectionPath } from './paths.ts';

const icons: Record<ConsoleSection, ReactNode> = {
  vouchers: <Gift size={20} aria-hidden="true" className="shrink-0" />,
  campaigns: <Megaphone size={20} aria-hidden="true" className="shrink-0" />,
  stations: <MapPin size={20} aria-hidden="true" className="shrink-0" />,
  alarms: <BellRing size={20} aria-hidden="true" className="shrink-0" />,
  chargers: <PlugZap size={20} aria-hidden="true" className="shrink-0" />,
  customers: <LifeBuoy size={20} aria-hidden="true" className="shrink-0" />,
  subscriptions: <Repeat size={20} aria-hidden="true" className="shrink-0" />,
  staff: <Users size={20} aria-hidden="true" className="shrink-0" />,
  finance: <Landmark size={20} aria-hidden="true" className="shrink-0" />,
  switches: <SlidersHorizontal size={20} aria-hidden="true" className="shrink-0" />,
  audit: <ScrollText size={20} aria-hidden="true" className="shrink-0" />,
};

/** How many faults are open, beside the alarms' link; nothing while there are none. */
function AlarmBadge() {
  const { t } = useTranslation();
  const faults = useAlarms('open').data?.counts.fault ?? 0;
  if (faults === 0) return null;
  return (
    <span
      data-testid="nav-alarm-count"
      className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-sm font-bold text-white"
    >
      <span aria-hidden="true">{faults}</span>
      <span className="sr-only">{t('alarms.navCount', { count: faults })}</span>
    </span>
  );
}

/** The console's frame: who is signed in, the sections their role allows, the page. */
export function Shell() {
  const role = useSession((s) => s.member?.role);
  if (!role) return null;
  return <Frame sections={sectionsFor(role)} />;
}

/** The frame of a signed-in member; it holds the alarm socket for the roles that see alarms. */
function Frame({ sections }: { sections: ConsoleSection[] }) {
  const { t } = useTranslation();
  const member = useSession((s) => s.member);
  const locale = useLocale();
  const navigate = useNavigate();
  const alarmStatus = useAlarmSocket(sections.includes('alarms'));
  if (!member) return null;

  const leave = async () => {
    await signOut();
    void navigate(paths.login, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-canvas md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('console.skip')}
      </a>
      <header className="flex flex-col gap-4 bg-night px-5 py-4 text-white md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:overflow-y-auto md:overscroll-contain md:py-6">
        <div className="flex items-center justify-between gap-3 md:flex-col md:items-start">
          <div className="flex items-center gap-3">
            <Logo className="h-8 w-auto" inverse />
            <span className="text-sm font-semibold tracking-wide text-slate-200 uppercase">
              {t('console.nav')}
            </span>
          </div>
          <p className="text-right text-sm text-slate-200 md:text-left">
            <span className="block font-medium text-white">{member.name}</span>
            <span data-testid="console-role">{t(`role.${member.role}`)}</span>
          </p>
        </div>
        <nav aria-label={t('console.nav')}>
          <ul className="flex gap-2 overflow-x-auto md:flex-col">
            {sections.map((section) => (
              <li key={section}>
                <NavLink
                  to={sectionPath[section]}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center gap-3 rounded-xl px-4 py-2 text-base font-medium whitespace-nowrap md:whitespace-normal',
                      'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent',
                      isActive ? 'bg-white text-night' : 'text-slate-100 hover:bg-white/10',
                    )
                  }
                >
                  {icons[section]}
                  {t(`section.${section}`)}
                  {section === 'alarms' && <AlarmBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex gap-2 md:mt-auto md:flex-col">
          <button
            type="button"
            onClick={() => void applyLocale(locale === 'fo' ? 'en' : 'fo')}
            aria-label={t('console.switchLanguageLabel')}
            className="min-h-11 rounded-xl px-4 text-sm font-medium text-slate-100 ring-1 ring-white/30 hover:bg-white/10"
          >
            {t('console.switchLanguage')}
          </button>
          <button
            type="button"
            onClick={() => void leave()}
            className="flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-medium text-slate-100 ring-1 ring-white/30 hover:bg-white/10"
          >
            <LogOut size={18} aria-hidden="true" />
            {t('console.signOut')}
          </button>
        </div>
      </header>
      <main id="main" className="flex min-w-0 flex-1 flex-col">
        <AlarmSocketContext value={alarmStatus}>
          <Outlet />
        </AlarmSocketContext>
      </main>
    </div>
  );
}
