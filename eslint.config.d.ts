// The types of what eslint.config.js exports, for the lint test that reads its layer table.
import type { Linter } from 'eslint';

/** The API's floors, lowest first (see eslint.config.js). */
export declare const apiLayers: string[][];
/** The customer app's floors, lowest first. */
export declare const webLayers: string[][];
/** The console's floors, lowest first. */
export declare const consoleLayers: string[][];
/** The repository's floors: the domain, the shared packages, the apps. */
export declare const packageLayers: string[][];

declare const config: Linter.Config[];
export default config;
