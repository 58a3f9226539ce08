// The types of what eslint.config.js exports, for the lint test that reads its layer table.
import type { Linter } from 'eslint';

/** The API's floors, lowest first (see eslint.config.js). */
export declare const apiLayers: string[][];

declare const config: Linter.Config[];
export default config;
