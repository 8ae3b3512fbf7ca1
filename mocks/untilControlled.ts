/**
 * Resolves once this page is controlled by the mock's service worker, or once waiting for it is
 * pointless. Call it before `worker.start()`: msw reloads a page that is not controlled while a
 * registration of its worker exists, and the page loaded while the worker was still installing
 * (a second page opened right after the first visit) would be reloaded under the visitor, losing
 * what they typed. The worker claims every open page when it activates (mockServiceWorker.js), so
 * such a page only has to wait for that.
 */
export async function untilControlled(timeoutMs = 5_000): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container || container.controller) return;
  const registration = await container.getRegistration();
  // An active, activated worker that does not control this page (a hard reload) never will: msw's
  // reload is the only way then. One still on its way to activation claims the page when it gets there.
  const settling =
    registration && (registration.installing || registration.waiting || registration.active?.state === 'activating');
  if (!settling) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    container.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
