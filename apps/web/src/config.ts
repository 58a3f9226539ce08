// Build-time configuration: everything that differs between brands or deployments lives here.

import { defaultBrandColors } from '@stod/ui/brand.ts';

/** The product slug prefixes device keys such as `{product}_locale`. */
export const PRODUCT_SLUG = import.meta.env.VITE_PRODUCT_SLUG ?? 'stod';

/** The URL segment that stands for the provider's own card (spec: `{own-card}`). */
export const OWN_CARD_SLUG = import.meta.env.VITE_OWN_CARD_SLUG ?? 'stodkort';

// Injected by vite.config.ts from package.json; tests run without it.
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

/** Same origin by default: the API serves the built app and answers under /api. */
export const API_BASE = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/$/, '');

/** Restores the spec's literal web rule: every non-food route redirects to /food-order. */
export const WEB_FOOD_ONLY = import.meta.env.VITE_WEB_FOOD_ONLY === 'true';

/** A `/{hash}` deep link is only taken for hash-like segments; anything else is a 404. */
export const HASH_PATTERN = /^[A-Za-z0-9]{16,}$/;

/**
 * Map tiles ({z}/{x}/{y}); an empty value shows the map without tiles (markers only).
 * OpenStreetMap's public tile server is the default in development only: its tile policy does not
 * allow an app's production traffic, so a production build without VITE_MAP_TILE_URL (a tile
 * service of the operator's own, or one they pay for) shows markers only (decision 0060).
 */
export const MAP_TILE_URL =
  import.meta.env.VITE_MAP_TILE_URL ??
  (import.meta.env.DEV ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : '');

/** The tile provider's attribution, as HTML (build-time configuration, not user input). */
export const MAP_TILE_ATTRIBUTION =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION ??
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export const BRAND = {
  name: 'Støð',
  legalName: 'Støð P/F',
  colors: defaultBrandColors,
  address: 'Havnarvegur 1, 100 Tórshavn',
  phone: '+298 30 00 00',
  email: 'hjalp@stod.example',
} as const;
