import type { MergedStation } from '@stod/domain';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '@stod/domain';
import { OpenStatus } from './OpenStatus.tsx';
import { ServiceIcon } from './ServiceIcon.tsx';

interface Props {
  station: MergedStation;
  now: Date;
  distance: number | null;
  color: string;
  onOpen: (id: number) => void;
}

/** One station in the list: name, address, open status, services and distance. */
export function StationRow({ station, now, distance, color, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        data-testid="station-row"
        data-station-id={station.id}
        onClick={() => onOpen(station.id)}
        className="flex min-h-20 w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand active:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full text-white"
          style={{ backgroundColor: color }}
        >
          <MapPin size={20} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span
              data-testid="station-name"
              className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900"
            >
              {station.name}
            </span>
            {distance !== null && (
              <span
                data-testid="station-distance"
                className="shrink-0 text-sm font-semibold text-slate-700 tabular-nums"
              >
                {formatDistance(distance)}
              </span>
            )}
          </span>
          <span className="truncate text-sm text-slate-600">{station.address}</span>
          <span className="flex items-center justify-between gap-2 text-sm">
            <OpenStatus hours={station.openingHours} now={now} className="min-w-0 truncate" />
            <span className="flex shrink-0 gap-1 text-slate-600">
              {station.services.map((service) => (
                <span
                  key={service}
                  title={t(`service.${service}`)}
                  className="flex size-6 items-center justify-center rounded-full bg-slate-100"
                >
                  <ServiceIcon service={service} size={14} />
                  <span className="sr-only">{t(`service.${service}`)}</span>
                </span>
              ))}
            </span>
          </span>
        </span>
      </button>
    </li>
  );
}
