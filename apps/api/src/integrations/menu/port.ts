import type { Menu } from '@stod/domain';

/** A station as the provider's ERP knows it: by the pump system's station id. */
export interface MenuStation {
  id: number;
  tokheimStationId: string;
}

export class MenuUnavailableError extends Error {
  constructor(reason: string) {
    super(`menu unavailable: ${reason}`);
  }
}

/**
 * The station menus, as the provider's ERP keeps them (categories, products with ingredients
 * and allergens, meal deals grouped by their Navision offer group). `menuOf` answers null for a
 * station without a kitchen, and throws MenuUnavailableError when the ERP cannot be reached.
 */
export interface MenuPort {
  menuOf(station: MenuStation): Promise<Menu | null>;
}
