import {
  formatCurrency,
  formatTime,
  type Menu,
  type MenuOffer,
  type MenuProduct,
} from '@stod/domain';
import { ChevronRight, Clock } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ChoicesSkeleton } from '../../../lib/station-flow-states.tsx';
import { FoodStationError } from '../components/FoodStationError.tsx';
import { setPreference } from '../../../platform/preferences.ts';
import { closeModal, openModal } from '@stod/ui/modal-store.ts';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { priceCart, useCart } from '../cart.ts';
import { CartBar } from '../components/CartBar.tsx';
import { FoodImage } from '../components/FoodImage.tsx';
import { OfferSheet } from '../components/OfferSheet.tsx';
import { ProductSheet } from '../components/ProductSheet.tsx';
import { useFoodStation } from '../use-food-station.ts';

/** `/food-order/stations/{id}`: the station's menu, its meal deals first, and the cart's total. */
export function MenuScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { station, menu, orderable, status } = useFoodStation(id);
  const { lines } = useCart(id);

  useEffect(() => {
    if (station.data) void setPreference('food_station', String(station.data.id));
  }, [station.data]);

  if (station.isError) return <FoodStationError error={station.error} />;
  if (!station.data) return <ChoicesSkeleton rows={4} />;
  const cart = menu.data ? priceCart(menu.data, lines) : null;

  return (
    <Screen>
      <StationHeading
        testId="food-station-heading"
        name={station.data.name}
        detail={
          <span className="inline-flex items-center gap-1.5">
            <Clock size={16} aria-hidden="true" />
            {status}
          </span>
        }
      />
      {!orderable && (
        <Notice tone="info" testId="food-closed">
          {t('food.closedNotice')}
        </Notice>
      )}
      {menu.isError && !menu.data ? (
        <RetryNotice
          text={t('food.menuFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void menu.refetch()}
          pending={menu.isFetching}
          testId="food-menu-error"
        />
      ) : menu.data ? (
        <MenuBody stationId={id} menu={menu.data} orderable={orderable} />
      ) : (
        <ChoicesSkeleton rows={4} />
      )}
      {cart && <CartBar to={paths.foodCart(id)} count={cart.count} total={cart.total} />}
    </Screen>
  );
}

function MenuBody({
  stationId,
  menu,
  orderable,
}: {
  stationId: string;
  menu: Menu;
  orderable: boolean;
}) {
  const { t } = useTranslation();
  const products = new Map(menu.products.map((p) => [p.id, p]));

  const open = (title: string, body: (done: () => void) => React.ReactNode, testId: string) => {
    let modalId = 0;
    const done = () => {
      closeModal(modalId);
      showToast('success', t('food.added', { name: title }));
    };
    modalId = openModal({ variant: 'sheet', title, body: body(done), testId });
  };
  const openProduct = (product: MenuProduct) =>
    open(
      product.name,
      (done) => (
        <ProductSheet
          stationId={stationId}
          product={product}
          readOnly={!orderable || !product.available}
          onAdded={done}
        />
      ),
      'food-product-sheet',
    );
  const openOffer = (offer: MenuOffer) =>
    open(
      offer.name,
      (done) => (
        <OfferSheet
          stationId={stationId}
          menu={menu}
          offer={offer}
          readOnly={!orderable}
          onAdded={done}
        />
      ),
      'food-offer-sheet',
    );

  const offers = menu.offers;
  const sections = menu.categories
    .map((c) => ({ ...c, products: menu.products.filter((p) => p.categoryId === c.id) }))
    .filter((c) => c.products.length > 0);

  return (
    <>
      <nav aria-label={t('food.categories')} className="-mx-5 overflow-x-auto px-5">
        <ul className="flex gap-2 pb-1">
          {offers.length > 0 && <CategoryChip href="#food-offers" label={t('food.offers')} />}
          {sections.map((c) => (
            <CategoryChip key={c.id} href={`#food-cat-${c.id}`} label={c.name} />
          ))}
        </ul>
      </nav>
      {offers.length > 0 && (
        <section
          id="food-offers"
          aria-labelledby="food-offers-h"
          className="flex scroll-mt-20 flex-col gap-3"
        >
          <h2 id="food-offers-h" className="px-1 text-lg font-bold text-slate-900">
            {t('food.offers')}
          </h2>
          {offers.map((offer) => {
            const normal = offer.items.reduce(
              (s, i) => s + Math.min(...i.choices.map((c) => c.normalPrice)),
              0,
            );
            const price = offer.items.reduce(
              (s, i) => s + Math.min(...i.choices.map((c) => c.offerPrice)),
              0,
            );
            return (
              <MenuCard
                key={offer.id}
                testId={`offer-${offer.id}`}
                name={offer.name}
                description={offer.description}
                imageUrl={offer.imageUrl}
                price={t('food.from', { price: formatCurrency(price) })}
                badge={
                  normal > price ? t('food.save', { amount: formatCurrency(normal - price) }) : null
                }
                available={
                  offer.available &&
                  offer.items.every((i) =>
                    i.choices.some((c) => products.get(c.productId)?.available),
                  )
                }
                onOpen={() => openOffer(offer)}
              />
            );
          })}
        </section>
      )}
      {sections.map((c) => (
        <section
          key={c.id}
          id={`food-cat-${c.id}`}
          aria-labelledby={`food-cat-h-${c.id}`}
          className="flex scroll-mt-20 flex-col gap-3"
        >
          <h2 id={`food-cat-h-${c.id}`} className="px-1 text-lg font-bold text-slate-900">
            {c.name}
          </h2>
          {c.products.map((p) => (
            <MenuCard
              key={p.id}
              testId={`product-${p.id}`}
              name={p.name}
              description={p.description}
              imageUrl={p.imageUrl}
              price={formatCurrency(p.price)}
              badge={null}
              available={p.available}
              backAt={p.backAt}
              onOpen={() => openProduct(p)}
            />
          ))}
        </section>
      ))}
    </>
  );
}

function CategoryChip({ href, label }: { href: string; label: string }) {
  return (
    <li className="shrink-0">
      <a
        href={href}
        onClick={(e) => {
          e.preventDefault();
          document.querySelector(href)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
        className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-100"
      >
        {label}
      </a>
    </li>
  );
}

interface CardProps {
  name: string;
  description: string;
  imageUrl: string | null;
  price: string;
  badge: string | null;
  available: boolean;
  /** When a sold-out dish is back by itself. */
  backAt?: string | null | undefined;
  onOpen: () => void;
  testId: string;
}

function MenuCard({
  name,
  description,
  imageUrl,
  price,
  badge,
  available,
  backAt,
  onOpen,
  testId,
}: CardProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid={testId}
      className="flex w-full items-center gap-4 rounded-2xl bg-white p-3 text-left ring-1 ring-slate-200 hover:bg-slate-50 aria-disabled:opacity-60"
      aria-disabled={!available || undefined}
    >
      <FoodImage src={imageUrl} className="h-[72px] w-24" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-base font-semibold text-slate-900">{name}</span>
        {description && <span className="line-clamp-2 text-sm text-slate-600">{description}</span>}
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold text-slate-900 tabular-nums">{price}</span>
          {badge && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              {badge}
            </span>
          )}
          {!available && (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
              {backAt ? t('food.soldOutUntil', { time: formatTime(backAt) }) : t('food.soldOut')}
            </span>
          )}
        </span>
      </span>
      <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-400" />
    </button>
  );
}
