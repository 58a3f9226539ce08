import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Menu } from '@stod/domain';
import { MenuUnavailableError, type MenuPort, type MenuStation } from './port.ts';
import { SIM_CATEGORIES, SIM_OFFERS, SIM_PRODUCTS } from './sim-menu.ts';

export interface MenuSimOptions {
  latencyMs: number;
  failureRate: number;
  random?: () => number;
  /** Stations without a kitchen: the ERP has no menu for them. */
  kitchens: (station: MenuStation) => Promise<boolean>;
}

/** A small stable number from a station's id, so each station has its own gaps. */
const seedOf = (id: string) => createHash('sha256').update(id).digest().readUInt32BE(0);

/**
 * The ERP's menus as the built-in simulator serves them: one menu for every station with a
 * kitchen, each with a product or two sold out at that station, answered after a delay and
 * sometimes not at all, as a remote ERP does.
 */
export function menuSim(options: MenuSimOptions): MenuPort & {
  /** Marks a product sold out, or back, at a station (the dev controls; a kitchen's 86). */
  setAvailable(stationId: number, productId: string, available: boolean): void;
} {
  const random = options.random ?? Math.random;
  const overrides = new Map<string, boolean>();
  const key = (stationId: number, productId: string) => `${String(stationId)}:${productId}`;

  function build(station: MenuStation): Menu {
    const seed = seedOf(station.tokheimStationId);
    // One in four stations has sold out of one hot dish; the salad is only at larger stations.
    const soldOut = seed % 4 === 0 ? 'kjuklingaburgari' : null;
    const available = (productId: string) =>
      overrides.get(key(station.id, productId)) ??
      (productId !== soldOut && !(productId === 'salat-kjuklingur' && seed % 3 === 0));
    const priceOf = (productId: string) => SIM_PRODUCTS.find((p) => p.id === productId)?.price ?? 0;
    const body = {
      stationId: station.id,
      categories: SIM_CATEGORIES.map((c) => ({ ...c })),
      products: SIM_PRODUCTS.map((p) => ({
        id: p.id,
        categoryId: p.category,
        name: p.name,
        nameEn: p.nameEn,
        description: p.description,
        ...(p.descriptionEn ? { descriptionEn: p.descriptionEn } : {}),
        imageUrl: `/food/${p.id}.svg`,
        price: p.price,
        allergens: [...p.allergens],
        ingredients: p.ingredients.map((i) => ({ ...i })),
        available: available(p.id),
      })),
      offers: SIM_OFFERS.map((o) => ({
        id: o.id,
        name: o.name,
        nameEn: o.nameEn,
        description: o.description,
        descriptionEn: o.descriptionEn,
        imageUrl: `/food/${o.id}.svg`,
        offerGroup: { navisionId: o.navisionId },
        items: o.items.map((item) => ({
          type: item.type,
          choices: item.choices.map((c) => ({
            productId: c.productId,
            normalPrice: priceOf(c.productId),
            offerPrice: c.offerPrice,
          })),
        })),
        available: o.items.every((item) => item.choices.some((c) => available(c.productId))),
      })),
    };
    const version = createHash('sha256')
      .update(JSON.stringify(body))
      .digest('base64url')
      .slice(0, 16);
    return { ...body, version };
  }

  return {
    async menuOf(station) {
      await sleep(options.latencyMs * (0.5 + random()));
      if (random() < options.failureRate) throw new MenuUnavailableError('ERP timeout');
      if (!(await options.kitchens(station))) return null;
      return build(station);
    },
    setAvailable(stationId, productId, value) {
      overrides.set(key(stationId, productId), value);
    },
  };
}
