/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_PRODUCT_SLUG?: string;
  readonly VITE_OWN_CARD_SLUG?: string;
  readonly VITE_API_URL?: string;
  readonly VITE_WEB_FOOD_ONLY?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
