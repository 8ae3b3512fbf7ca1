import { type ComponentType, lazy } from 'react';

type Module = { default: ComponentType };

/** A component whose code loads on demand; render it with <LazyView of={…} />. */
export interface LazyComponent {
  /** Fetches the code now, once; a later render finds it loaded. */
  preload: () => Promise<Module>;
  /** The component itself once its code is here, else React.lazy's stand-in, which suspends. */
  current: () => ComponentType;
}

/**
 * Like React.lazy, but the code can be fetched before the component renders. Why: a lazy
 * component that suspends on the first render shows its fallback, and React then holds the real
 * content back for up to 300 ms after that fallback appeared (its Suspense throttle). A preloaded
 * first screen renders as itself at once: no loading state, no wait.
 */
export function lazyWithPreload(load: () => Promise<Module>): LazyComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Forget the failure, so the next render (or preload) fetches again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // React.lazy resolves after `loaded` is set above, so its stand-in never commits once the real
  // component can render in its place.
  const Lazy = lazy(preload);
  return { preload, current: () => loaded ?? Lazy };
}

/** Renders a lazily loaded component: directly when its code is here, else suspending for it. */
export function LazyView({ of }: { of: LazyComponent }) {
  const Component = of.current();
  return <Component />;
}
