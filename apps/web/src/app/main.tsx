import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '../styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { applyBrand } from './brand.ts';
import { watchRouter } from './guards.ts';
import { rootRoute } from './routes.ts';
import { Splash } from './shell/Splash.tsx';
import { startup } from './startup.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

applyBrand();
const root = createRoot(container);
root.render(<Splash />);

await startup();

const router = createBrowserRouter([rootRoute]);
watchRouter(router);

root.render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
