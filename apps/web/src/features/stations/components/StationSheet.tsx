import { distanceKm, formatCurrency, type StationProduct, type StationService } from '@stod/domain';
import { CircleAlert, Navigation } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state.ts';
import { useMinuteClock } from '../../../lib/use-now.ts';
import { openExternal } from '../../../platform/browser.ts';
import { buttonClasses, ButtonLink } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { colorOf } from '../colors.ts';
import { formatDistance } from '@stod/domain';
import { directionsUrl, stationFlowPath } from '../format.ts';
import { useStationById, useStationsStore } from '../store.ts';
import { OpenStatus } from './OpenStatus.tsx';
import { ServiceIcon } from './ServiceIcon.tsx';

const flowLabel = {
  fuel: 'stations.goFuel',
  carwash: 'stations.goCarwash',
  food: 'stations.goFood',
} as const;

/**
 * The body of the station sheet: where it is, whether it is open, what it offers and the way
 * into each flow it offers. The listed service's flow comes first.
 */
export function StationSheet({
  stationId,
  service,
}: {
  stationId: number;
  service?: StationService;
}) {
  const { t } = useTranslation();
  const station = useStationById(stationId);
  const colors = useStationsStore((s) => s.productColors);
  const position = useAppState((s) => s.geolocation);
  const now = useMinuteClock();
  if (!station) return null;

  const distance = position ? distanceKm(position, station.location) : null;
  const [primary, ...others] = [...station.services].sort(
    (a, b) => Number(b === service) - Number(a === service),
  );
  const url = directionsUrl(station.location);

  return (
    <div data-testid="station-sheet-body" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="text-base text-slate-700">{station.address}</p>
        <OpenStatus hours={station.openingHours} now={now} className="text-base" />
        {distance !== null && (
          <p data-testid="sheet-distance" className="text-sm font-medium text-slate-600">
            {t('stations.distanceFromHere', { distance: formatDistance(distance) })}
          </p>
        )}
      </div>

      {station.mobypay_data?.appPaymentEnabled === false && (
        <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <CircleAlert size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
          {t('stations.noAppPayment')}
        </p>
      )}

      <div className="flex flex-col gap-3">
        {primary && (
          <ButtonLink
            to={stationFlowPath(primary, station.id)}
            icon={<ServiceIcon service={primary} size={20} />}
          >
            {t(flowLabel[primary])}
          </ButtonLink>
        )}
        <div className="grid grid-cols-2 gap-3">
          {others.map((s) => (
            <ButtonLink
              key={s}
              to={stationFlowPath(s, station.id)}
              variant="secondary"
              className="px-3 text-sm"
              icon={<ServiceIcon service={s} size={18} />}
            >
              {t(flowLabel[s])}
            </ButtonLink>
          ))}
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              event.preventDefault();
              openExternal(url);
            }}
            className={cn(
              buttonClasses('secondary'),
              'px-3 text-sm',
              others.length % 2 === 0 && 'col-span-2',
            )}
          >
            <Navigation size={18} aria-hidden="true" />
            <span>{t('stations.directions')}</span>
          </a>
        </div>
      </div>

      {station.services.map((s) => (
        <Offerings
          key={s}
          service={s}
          products={station.products.filter((p) => p.service === s)}
          color={colorOf(s, colors)}
          extra={
            s === 'fuel' && station.pumps.length > 0
              ? t('stations.pumps', { count: station.pumps.length })
              : s === 'carwash' && station.carwashBays.length > 0
                ? t('stations.bays', { count: station.carwashBays.length })
                : null
          }
        />
      ))}
    </div>
  );
}

function Offerings({
  service,
  products,
  color,
  extra,
}: {
  service: StationService;
  products: StationProduct[];
  color: string;
  extra: string | null;
}) {
  const { t } = useTranslation();
  const colors = useStationsStore((s) => s.productColors);
  if (products.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" data-testid={`offerings-${service}`}>
      <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        <span
          aria-hidden="true"
          className="flex size-6 items-center justify-center rounded-full text-white"
          style={{ backgroundColor: color }}
        >
          <ServiceIcon service={service} size={14} />
        </span>
        {t(`service.${service}`)}
        {extra && <span className="ml-auto font-medium normal-case">{extra}</span>}
      </h3>
      <ul className="divide-y divide-slate-200 rounded-2xl bg-slate-50 ring-1 ring-slate-200">
        {products.map((product) => (
          <li key={product.id} className="flex min-h-11 items-center gap-3 px-4 py-2 text-base">
            {product.unit === 'litre' && (
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: colorOf(product.code, colors) }}
              />
            )}
            <span className="flex-1 text-slate-900">{product.name}</span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {product.unit === 'litre'
                ? t('stations.perLitre', { price: formatCurrency(product.price) })
                : formatCurrency(product.price)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
