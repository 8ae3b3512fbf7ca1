import { type RouteDefinition, routes } from '@vault/domain';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CrashPage } from '../screens/Crash';
import { PublicLayout } from '../shell/PublicLayout';
import { Guard } from './Guard';
import { Root } from './Root';
import { ScreenLoading } from './ScreenLoading';

// The signed-in shell (menus, sidebar, their Radix deps) loads on the first non-public route, so
// none of it is in the landing page's initial JS.
const ShellLayout = lazy(() => import('../shell/ShellLayout').then((m) => ({ default: m.ShellLayout })));

export interface RouteHandle {
  title: string;
}

function toRouteObject(route: RouteDefinition): RouteObject {
  return {
    path: route.path,
    // The domain's matchRoute is case-sensitive; so is the router, so the two never disagree.
    caseSensitive: true,
    element: <Guard screen={route.screen} />,
    handle: { title: route.title } satisfies RouteHandle,
  };
}

/**
 * The route objects, generated from the domain route table: public routes bare, the others
 * inside the shell, everything else the 404. The crash page catches errors of any route.
 */
export function routeObjects(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <CrashPage />,
      children: [
        {
          errorElement: <CrashPage />,
          children: [
            { element: <PublicLayout />, children: routes.filter((r) => r.access === 'public').map(toRouteObject) },
            {
              element: (
                <Suspense fallback={<ScreenLoading />}>
                  <ShellLayout />
                </Suspense>
              ),
              children: routes.filter((r) => r.access !== 'public').map(toRouteObject),
            },
            { element: <PublicLayout />, children: [{ path: '*', element: <Guard screen={null} /> }] },
          ],
        },
      ],
    },
  ];
}
