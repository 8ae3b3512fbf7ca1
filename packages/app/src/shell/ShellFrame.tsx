import { AppShell } from '@vault/ui';
import { ScreenLoading } from '../router/ScreenLoading';

/**
 * The signed-in shell as it looks before the app knows whose it is: header with the primary
 * navigation, breadcrumb bar with the Ctrl+K hint, the page's loading state and the footer; no
 * user menu, admin menu or breadcrumbs yet. The build prerenders it into the 404 page, which a
 * static host serves for every signed-in route, and that page's inline script shows it to a
 * visitor with a stored session from the first paint until the app renders the page in its place
 * (README.md, 'The signed-in shell frame'). Never rendered by the running app.
 */
export function ShellFrame() {
  return (
    <AppShell currentPath="">
      <ScreenLoading />
    </AppShell>
  );
}
