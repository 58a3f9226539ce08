import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import './styles.css';
import { applyBrandColors } from '@stod/ui/brand.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BRAND_COLORS } from './config.ts';
import { ConsoleApp } from './app/ConsoleApp.tsx';
import { initI18n } from './i18n/index.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { restoreSession } from './lib/staff.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

applyBrandColors(BRAND_COLORS);
await initI18n();
await restoreSession();

createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
registerServiceWorker();
