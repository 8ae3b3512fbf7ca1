import { type RouteDefinition, routes } from '@vault/domain';
import { Suspense, useState } from 'react';
import { type RouteObject, useRoutes } from 'react-router-dom';
import { LazyView, lazyWithPreload, loadAllComponentStyles } from '../boot';
import { PublicLayout } from '../shell/PublicLayout';
import { Guard } from './Guard';
import { Root } from './Root';
import { ScreenLoading } from './ScreenLoading';

// The signed-in shell (menus, sidebar, their Radix deps and the component styles the public pages
// do not use) loads on the first non-public route, so none of it is in the landing page's initial JS.
export const ShellLayout = lazyWithPreload(() =>
  Promise.all([import('../shell/ShellLayout'), loadAllComponentStyles()]).then(([m]) => ({ default: m.ShellLayout })),
);

function toRouteObject(route: RouteDefinition): RouteObject {
  return {
    path: route.path,
    // The domain's matchRoute is case-sensitive; so is the router, so the two never disagree.
    caseSensitive: true,
    element: <Guard />,
  };
}

/**
 * The route objects, generated from the domain route table: public routes bare, the others
 * inside the shell, everything else the 404. Root shows the crash page for errors below it.
 */
function routeObjects(): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        { element: <PublicLayout />, children: routes.filter((r) => r.access === 'public').map(toRouteObject) },
        {
          element: (
            <Suspense fallback={<ScreenLoading />}>
              <LazyView of={ShellLayout} />
            </Suspense>
          ),
          children: routes.filter((r) => r.access !== 'public').map(toRouteObject),
        },
        { element: <PublicLayout />, children: [{ path: '*', element: <Guard /> }] },
      ],
    },
  ];
}

/**
 * The app's routes, inside whichever router is around them: <BrowserRouter> in the app,
 * <MemoryRouter> in stories. Declarative routing rather than a data router (createBrowserRouter):
 * Vault loads no data through the router, and the data router's code would weigh on the landing
 * page's JS budget (docs/performance.md).
 */
export function AppRoutes() {
  const [objects] = useState(routeObjects);
  return useRoutes(objects);
}
