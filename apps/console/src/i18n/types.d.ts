import 'i18next';
import type { ConsoleResources } from './index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: ConsoleResources;
    keySeparator: false;
    nsSeparator: false;
  }
}
