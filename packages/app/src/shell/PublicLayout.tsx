import { Box } from '@radix-ui/themes';
import { SkipLink } from '@vault/ui';
import { Outlet } from 'react-router-dom';

/** Public pages (sign-in, registration, 404) have no shell, but keep the skip link and one <main>. */
export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <Box asChild style={{ outline: 'none' }}>
        <main id="main-content" tabIndex={-1}>
          <Outlet />
        </main>
      </Box>
    </>
  );
}
