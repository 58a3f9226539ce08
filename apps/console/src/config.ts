import { defaultBrandColors } from '@stod/ui/brand.ts';

/** Same origin by default: the API serves the console under /console and answers under /api. */
export const API_BASE = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/$/, '');

export const BRAND_COLORS = defaultBrandColors;

/** Where the console keeps the staff member's session on this device. */
export const SESSION_KEY = 'stod_console_session';
