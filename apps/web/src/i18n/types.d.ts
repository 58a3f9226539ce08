import 'i18next';
import type { resources } from './index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: (typeof resources)['fo'];
    keySeparator: false;
    nsSeparator: false;
  }
}
