/**
 * Resolves once this page is controlled by the mock's service worker, or once waiting for it is
 * pointless. Call it before `worker.start()`: msw reloads a page that is not controlled while a
 * registration of its worker exists, and the page loaded while the worker was still installing
 * (a second page opened right after the first visit) would be reloaded under the visitor, losing
 * what they typed.
 * - A worker on its way to activation claims every open page when it gets there
 *   (mockServiceWorker.js): the page waits for that.
 * - An activated worker that missed this page (it claimed the open pages just before this one
 *   was created) never will: its registration is dropped, so msw registers the worker afresh and
 *   its activation claims the page, instead of reloading it.
 */
export async function untilControlled(timeoutMs = 15_000): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container || container.controller) return;
  const registration = await container.getRegistration();
  if (!registration) return;
  const settling = registration.installing || registration.waiting || registration.active?.state === 'activating';
  if (settling) {
    const controlled = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      container.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        { once: true },
      );
    });
    if (controlled || container.controller) return;
  }
  await registration.unregister().catch(() => false);
}
