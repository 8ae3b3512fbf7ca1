import { Callout, Flex } from '@radix-ui/themes';
import { messages, resolveView } from '@vault/domain';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LazyView } from '../boot';
import { NotFoundPage } from '../screens/NotFound';
import { useSession } from '../session/SessionProvider';
import { ScreenLoading } from './ScreenLoading';
import { screens } from './screenRegistry';

/**
 * The one guard of every route: the domain's resolveView answers (the same answer the first-screen
 * preload and the hydration check read), this component only renders it (docs/product.md §4
 * 'Access guard'). Sign-in pages also send signed-in people on.
 */
export function Guard() {
  const { session } = useSession();
  const { pathname } = useLocation();
  // Whether this page had a signed-in user on its last render: if the session ends while the page
  // is open (Logout), the person goes home to '/', not to /login (docs/product.md §2).
  const hadUser = useRef(false);
  const endedHere = hadUser.current && !session.user;
  useEffect(() => {
    hadUser.current = session.user !== null;
  });

  const view = resolveView(session, pathname, { endedHere });
  switch (view.kind) {
    case 'redirect':
      return <Navigate to={view.to} replace />;
    case 'not-found':
      return <NotFoundPage />;
    case 'denied':
      return <AccessDenied />;
    case 'screen':
      return (
        <Suspense fallback={<ScreenLoading />}>
          <LazyView of={screens[view.screen]} />
        </Suspense>
      );
  }
}

function AccessDenied() {
  return (
    <Flex direction="column" gap="3" maxWidth="560px">
      <Callout.Root color="red" role="alert">
        <Callout.Text>{messages.accessDenied}</Callout.Text>
      </Callout.Root>
    </Flex>
  );
}
