/**
 * Registers the console's service worker (public/sw.js) once the console has painted: it makes
 * the console installable on a station's tablet and lets it start without a network. Production
 * builds only; `vite` (dev) serves none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  const register = () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((error: unknown) => {
      // The console works the same without it, only not offline.
      console.warn('the console service worker was not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
