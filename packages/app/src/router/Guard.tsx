import { Callout, Flex } from '@radix-ui/themes';
import { decideAccess, messages, type ScreenKey, signedInRedirect } from '@vault/domain';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LazyView } from '../lazy/lazyWithPreload';
import { NotFoundPage } from '../screens/NotFound';
import { screens } from '../screens/registry';
import { useSession } from '../session/SessionProvider';
import { ScreenLoading } from './ScreenLoading';

/**
 * The one guard of every route: the domain's decideAccess answers, this component only renders
 * the answer (SPEC.md 4 'Access guard'). Sign-in pages also send signed-in people on.
 */
export function Guard({ screen }: { screen: ScreenKey | null }) {
  const { session } = useSession();
  const { pathname } = useLocation();
  // Whether this page had a signed-in user on its last render: if the session ends while the page
  // is open (Logout), the person goes home to '/', not to /login (SPEC.md 2: deletion goes to '/').
  const hadUser = useRef(false);
  const endedHere = hadUser.current && !session.user;
  useEffect(() => {
    hadUser.current = session.user !== null;
  });

  const onward = signedInRedirect(session, pathname);
  if (onward) return <Navigate to={onward} replace />;

  const decision = decideAccess(session, pathname);
  switch (decision.kind) {
    case 'not-found':
      return <NotFoundPage />;
    case 'login':
      return <Navigate to={endedHere ? '/' : '/login'} replace />;
    case 'need':
      return <Navigate to={decision.redirect} replace />;
    case 'denied':
      return <AccessDenied />;
    case 'allow': {
      // The route table and the router agree on paths, so an allowed path always has a screen.
      if (!screen) return <NotFoundPage />;
      return (
        <Suspense fallback={<ScreenLoading />}>
          <LazyView of={screens[screen]} />
        </Suspense>
      );
    }
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
