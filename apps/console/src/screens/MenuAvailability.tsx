import type { Menu } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useTranslation } from 'react-i18next';
import { useMenuAvailability, useStationMenu } from '../lib/menu.ts';
import { ListSkeleton } from './Page.tsx';

type Product = Menu['products'][number];

/** One dish: its name, whether it is sold out, and the switch. */
function Dish({ stationId, product }: { stationId: number; product: Product }) {
  const { t } = useTranslation();
  const change = useMenuAvailability(stationId);
  const out = !product.available;
  return (
    <li
      data-testid={`dish-${product.id}`}
      className="flex items-center justify-between gap-3 rounded-xl bg-white px-4 py-2 ring-1 ring-slate-200"
    >
      <span className="flex flex-wrap items-center gap-2 text-base text-slate-900">
        {product.name}
        {out && (
          <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-sm font-semibold text-white">
            {t('menu.soldOut')}
          </span>
        )}
      </span>
      <Button
        variant="ghost"
        block={false}
        className="min-h-11 px-3 text-sm"
        pending={change.isPending}
        aria-label={t(out ? 'menu.backLabel' : 'menu.soldOutLabel', { name: product.name })}
        onClick={() =>
          change.mutate(
            { itemId: product.id, available: out },
            {
              onSuccess: () =>
                showToast(
                  'success',
                  t(out ? 'menu.backDone' : 'menu.soldOutDone', { name: product.name }),
                ),
            },
          )
        }
      >
        {t(out ? 'menu.back' : 'menu.markSoldOut')}
      </Button>
      {change.error && <Notice tone="error">{change.error.message}</Notice>}
    </li>
  );
}

/**
 * The station's menu for its staff: a dish that runs out is marked sold out here, and the app
 * shows it unavailable and takes no order for it until it is back.
 */
export function MenuAvailability({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const menu = useStationMenu(stationId);
  return (
    <Section title={t('menu.title')}>
      <p className="text-sm text-slate-600">{t('menu.intro')}</p>
      {menu.isPending && <ListSkeleton label={t('menu.title')} rows={4} />}
      {menu.isError && (
        <RetryNotice
          text={t('menu.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void menu.refetch()}
          pending={menu.isFetching}
        />
      )}
      {menu.data &&
        menu.data.categories.map((category) => {
          const dishes = menu.data.products.filter((p) => p.categoryId === category.id);
          if (dishes.length === 0) return null;
          return (
            <div key={category.id} className="flex flex-col gap-2">
              <h3 className="text-base font-semibold text-slate-800">{category.name}</h3>
              <ul className="grid gap-2 md:grid-cols-2">
                {dishes.map((product) => (
                  <Dish key={product.id} stationId={stationId} product={product} />
                ))}
              </ul>
            </div>
          );
        })}
    </Section>
  );
}
