import 'i18next';
import type { AppResources } from './index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: AppResources;
    keySeparator: false;
    nsSeparator: false;
  }
}
