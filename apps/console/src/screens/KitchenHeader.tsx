import { cn } from '@stod/ui/cn.ts';
import { ChevronLeft, Maximize, Minimize, Sun, Volume2, VolumeX, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { applyLocale, useLocale } from '../i18n/index.ts';
import type { Chime } from '../lib/chime.ts';
import { KITCHEN_REFRESH_OFFLINE_MS } from '../lib/kitchen.ts';
import type { SocketStatus } from '../lib/kitchen-socket.ts';
import { useFullscreen, useWakeLock } from '../lib/screen.ts';
import { clockText } from '../lib/use-now.ts';

const dots: Record<SocketStatus, string> = {
  connecting: 'bg-slate-300',
  live: 'bg-emerald-400',
  lost: 'bg-red-400',
};

const onNight =
  'flex min-h-12 items-center gap-2 rounded-xl px-3 text-base font-medium text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent';

function Sound({ chime }: { chime: Chime }) {
  const { t } = useTranslation();
  if (chime.state === 'unavailable') return null;
  if (chime.state === 'on')
    return (
      <button
        type="button"
        onClick={chime.mute}
        aria-label={t('kitchen.muteLabel')}
        className={onNight}
        data-testid="kitchen-sound-on"
      >
        <Volume2 size={20} aria-hidden="true" />
        {t('kitchen.soundOn')}
      </button>
    );
  return (
    <button
      type="button"
      onClick={chime.enable}
      className="flex min-h-12 items-center gap-2 rounded-xl bg-amber-300 px-4 text-base font-bold text-slate-950 hover:bg-amber-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <VolumeX size={20} aria-hidden="true" />
      {t('kitchen.enableSound')}
    </button>
  );
}

/** Full screen, and the screen kept on: a wall tablet must neither show a browser nor sleep. */
function ScreenControls() {
  const { t } = useTranslation();
  const fullscreen = useFullscreen();
  const wake = useWakeLock();
  return (
    <>
      {wake.state === 'released' && (
        <button type="button" onClick={wake.request} className={onNight} data-testid="kitchen-wake">
          <Sun size={20} aria-hidden="true" />
          {t('kitchen.keepAwake')}
        </button>
      )}
      {wake.state === 'held' && (
        <span className="sr-only" data-testid="kitchen-awake">
          {t('kitchen.awake')}
        </span>
      )}
      {fullscreen.available && (
        <button
          type="button"
          onClick={fullscreen.toggle}
          aria-pressed={fullscreen.on}
          className={onNight}
        >
          {fullscreen.on ? (
            <Minimize size={20} aria-hidden="true" />
          ) : (
            <Maximize size={20} aria-hidden="true" />
          )}
          {t('kitchen.fullscreen')}
        </button>
      )}
    </>
  );
}

/** Said plainly while the display is silent: new orders and warnings would go unheard. */
function Muted({ chime }: { chime: Chime }) {
  const { t } = useTranslation();
  if (chime.state !== 'off') return null;
  return (
    <div
      role="status"
      data-testid="kitchen-muted"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 bg-amber-300 px-4 py-2 text-slate-950"
    >
      <VolumeX size={24} aria-hidden="true" />
      <strong className="text-lg">{t('kitchen.muted')}</strong>
      <span className="text-base">
        {t(chime.wanted ? 'kitchen.mutedTapAnywhere' : 'kitchen.mutedText')}
      </span>
    </div>
  );
}

/**
 * The display's top bar: which kitchen, whether it hears the server live, when the list was last
 * read, the sound, and the language; and, while the socket is down, a banner that says so.
 */
export function KitchenHeader({
  stationName,
  socket,
  updatedAt,
  now,
  chime,
}: {
  stationName: string | null;
  socket: SocketStatus;
  /** When the list was last read successfully. */
  updatedAt: number | null;
  now: number;
  chime: Chime;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-night px-3 py-2 text-white lg:px-4">
        <Link to={paths.stations} className={onNight}>
          <ChevronLeft size={20} aria-hidden="true" />
          {t('station.allStations')}
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-2xl font-bold">
          {stationName ? t('kitchen.heading', { station: stationName }) : t('kitchen.title')}
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p
            className="flex items-center gap-2 text-base font-semibold"
            data-testid="kitchen-socket"
            data-status={socket}
          >
            <span aria-hidden="true" className={cn('size-3 rounded-full', dots[socket])} />
            {t(`kitchen.status.${socket}`)}
          </p>
          {updatedAt !== null && (
            <p className="text-base text-slate-100 tabular-nums" data-testid="kitchen-updated">
              {t('kitchen.updated', { time: clockText(updatedAt, now) })}
            </p>
          )}
          <Sound chime={chime} />
          <ScreenControls />
          <button
            type="button"
            onClick={() => void applyLocale(locale === 'fo' ? 'en' : 'fo')}
            aria-label={t('console.switchLanguageLabel')}
            className={onNight}
          >
            {t('console.switchLanguage')}
          </button>
        </div>
      </header>
      <Muted chime={chime} />
      {socket === 'lost' && (
        <div
          role="alert"
          data-testid="kitchen-offline"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-red-700 px-4 py-3 text-white"
        >
          <WifiOff size={24} aria-hidden="true" />
          <strong className="text-xl">{t('kitchen.lost')}</strong>
          <span className="text-base">
            {t('kitchen.lostText', { seconds: KITCHEN_REFRESH_OFFLINE_MS / 1000 })}
          </span>
        </div>
      )}
    </>
  );
}
