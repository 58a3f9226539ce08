import {
  Car,
  Fuel,
  MapPin,
  ScanLine,
  UserRound,
  UtensilsCrossed,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BRAND } from '../../../config.ts';
import type { TranslationKey } from '../../../i18n/index.ts';
import { useInstallationLink } from '../../../lib/charge-link.ts';
import { paths } from '../../../lib/paths.ts';
import { openScanner } from '../../../lib/qr-scanner.tsx';
import { useSession } from '../../../lib/session.ts';
import { cn } from '@stod/ui/cn.ts';
import { Logo } from '@stod/ui/Logo.tsx';
import { ActiveChargeBanner } from '../components/ActiveChargeBanner.tsx';
import { ActiveTransactionBanner } from '../components/ActiveTransactionBanner.tsx';
import { PaymentMethodPrompt } from '../components/PaymentMethodPrompt.tsx';
import { usePumpLink } from '../use-pump-link.ts';

interface Entry {
  to: string;
  icon: LucideIcon;
  label: TranslationKey;
  text: TranslationKey;
  chip: string;
}

const entries: Entry[] = [
  {
    to: paths.fuelStations,
    icon: Fuel,
    label: 'home.fuel',
    text: 'home.fuelText',
    chip: 'bg-amber-400 text-slate-950',
  },
  {
    to: paths.carwashStations,
    icon: Car,
    label: 'home.carwash',
    text: 'home.carwashText',
    chip: 'bg-sky-400 text-slate-950',
  },
  {
    to: paths.chargingInstallations,
    icon: Zap,
    label: 'home.charging',
    text: 'home.chargingText',
    chip: 'bg-emerald-400 text-slate-950',
  },
  {
    to: paths.foodOrder,
    icon: UtensilsCrossed,
    label: 'home.food',
    text: 'home.foodText',
    chip: 'bg-rose-400 text-slate-950',
  },
  {
    to: paths.stations,
    icon: MapPin,
    label: 'home.stations',
    text: 'home.stationsText',
    chip: 'bg-teal-300 text-slate-950',
  },
  {
    to: paths.profile,
    icon: UserRound,
    label: 'home.profile',
    text: 'home.profileText',
    chip: 'bg-slate-200 text-slate-950',
  },
];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

/**
 * The dark signed-in landing page with an entry point to every service, and the way back to a
 * refuelling, wash or charge in progress. A pump's QR code and an installation's link
 * (`/charging/{installationId}`) open here first.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const navigate = useNavigate();
  usePumpLink();
  useInstallationLink();

  return (
    <div
      data-testid="home"
      className="flex flex-1 flex-col gap-8 px-5 pt-[calc(env(safe-area-inset-top)+1rem)] pb-[calc(env(safe-area-inset-bottom)+1.5rem)]"
    >
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-3">
          <Logo inverse className="size-10" />
          <span className="text-lg font-semibold">{BRAND.name}</span>
        </div>
        <Link
          to={paths.profile}
          aria-label={t('home.openProfile')}
          className="flex size-11 items-center justify-center rounded-full bg-white/10 text-sm font-semibold ring-1 ring-white/25 hover:bg-white/20"
        >
          {user ? initials(user.name) : <UserRound size={20} aria-hidden="true" />}
        </Link>
      </div>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          {t('home.greeting', { name: firstName })}
        </h1>
        <p className="text-base text-slate-300">{t('home.subtitle')}</p>
      </div>
      <ActiveTransactionBanner />
      <ActiveChargeBanner />
      <PaymentMethodPrompt />
      <button
        type="button"
        data-testid="home-scan"
        onClick={() => void openScanner(navigate)}
        className="flex min-h-16 items-center gap-4 rounded-3xl bg-white px-4 py-3 text-left text-slate-950 transition-colors hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand text-white"
        >
          <ScanLine size={22} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="text-lg font-semibold">{t('home.scan')}</span>
          <span className="text-sm text-slate-700">{t('home.scanText')}</span>
        </span>
      </button>
      <nav aria-label={BRAND.name} className="grid grid-cols-2 gap-3">
        {entries.map(({ to, icon: Icon, label, text, chip }) => (
          <Link
            key={to}
            to={to}
            className="flex min-h-36 flex-col justify-between gap-4 rounded-3xl bg-night-surface p-4 ring-1 ring-white/10 transition-colors hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <span
              aria-hidden="true"
              className={cn('flex size-11 items-center justify-center rounded-2xl', chip)}
            >
              <Icon size={22} />
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="text-lg font-semibold text-white">{t(label)}</span>
              <span className="text-sm text-slate-300">{t(text)}</span>
            </span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
