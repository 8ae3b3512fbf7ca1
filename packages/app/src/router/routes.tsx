import { type RouteDefinition, routes } from '@vault/domain';
import type { RouteObject } from 'react-router-dom';
import { CrashPage } from '../screens/Crash';
import { PublicLayout } from '../shell/PublicLayout';
import { ShellLayout } from '../shell/ShellLayout';
import { Guard } from './Guard';
import { Root } from './Root';

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
            { element: <ShellLayout />, children: routes.filter((r) => r.access !== 'public').map(toRouteObject) },
            { element: <PublicLayout />, children: [{ path: '*', element: <Guard screen={null} /> }] },
          ],
        },
      ],
    },
  ];
}
