import type { Menu } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextTimeOfText } from '../lib/dates.ts';
import { dateTime } from '../lib/format.ts';
import { useMenuAvailability, useStationMenu } from '../lib/menu.ts';
import { ListSkeleton } from './Page.tsx';

type Product = Menu['products'][number];

/**
 * One dish: its name, whether it is sold out (and until when), and the switch; a dish marked sold
 * out may be given the time it is back, when it comes back by itself.
 */
function Dish({ stationId, product }: { stationId: number; product: Product }) {
  const { t } = useTranslation();
  const change = useMenuAvailability(stationId);
  const [back, setBack] = useState('');
  const [tried, setTried] = useState(false);
  const out = !product.available;
  const until = back.trim() ? nextTimeOfText(back) : undefined;
  const badTime = tried && until === null;
  const mark = () => {
    setTried(true);
    if (until === null) return;
    change.mutate(
      { itemId: product.id, available: out, until: out ? undefined : until },
      {
        onSuccess: () => {
          setBack('');
          setTried(false);
          showToast(
            'success',
            out
              ? t('menu.backDone', { name: product.name })
              : until
                ? t('menu.soldOutUntilDone', { name: product.name, time: dateTime(until) })
                : t('menu.soldOutDone', { name: product.name }),
          );
        },
      },
    );
  };
  return (
    <li
      data-testid={`dish-${product.id}`}
      className="flex flex-col gap-2 rounded-xl bg-white px-4 py-2 ring-1 ring-slate-200"
    >
      <span className="flex flex-wrap items-center gap-2 text-base text-slate-900">
        {product.name}
        {out && (
          <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-sm font-semibold text-white">
            {product.backAt
              ? t('menu.soldOutUntil', { time: dateTime(product.backAt) })
              : t('menu.soldOut')}
          </span>
        )}
      </span>
      <div className="flex items-center justify-between gap-2">
        {!out && (
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <span aria-hidden="true">{t('menu.backAtPrefix')}</span>
            <div className="w-24 shrink-0">
              <Field
                label={t('menu.backAtLabel', { name: product.name })}
                labelVisuallyHidden
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('menu.backAtPlaceholder')}
                value={back}
                error={badTime ? t('menu.backAtInvalid') : undefined}
                onChange={(e) => setBack(e.target.value)}
              />
            </div>
          </div>
        )}
        <Button
          variant="ghost"
          block={false}
          className="ml-auto min-h-11 px-3 text-sm"
          pending={change.isPending}
          aria-label={t(out ? 'menu.backLabel' : 'menu.soldOutLabel', { name: product.name })}
          onClick={mark}
        >
          {t(out ? 'menu.back' : 'menu.markSoldOut')}
        </Button>
      </div>
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
