import {
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/**
 * What happened on a menu's light button before the menu's code had loaded, for the menu to pick
 * up when it mounts in the button's place.
 */
export interface MenuStart {
  /** The button was pressed (pointer, Enter, Space or ArrowDown): the menu mounts open. */
  open: boolean;
  /** It was opened by the keyboard: its first item takes focus, as when Radix opens it by keyboard. */
  byKeyboard: boolean;
  /** The light button had focus: the menu's own button takes it over. */
  focus: boolean;
}

export const closedStart: MenuStart = { open: false, byKeyboard: false, focus: false };

/** The handlers DeferredMenu puts on the light button (each runs after the consumer's own). */
export interface LightButtonHandlers {
  onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onFocus: (event: FocusEvent<HTMLButtonElement>) => void;
  onBlur: (event: FocusEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/** The attributes Radix's closed DropdownMenu.Trigger gives its button, so the light one reads the same. */
export const closedTriggerAttributes = {
  type: 'button',
  'aria-haspopup': 'menu',
  'aria-expanded': false,
  'data-state': 'closed',
} as const;

// The keys that open Radix's DropdownMenu from its trigger.
const openingKeys = ['Enter', ' ', 'ArrowDown'];

/**
 * A component whose code loads on demand, held once loaded. Not React.lazy: a lazy component
 * shows its fallback in another place of the tree, so the light button would be replaced by a
 * copy the moment loading starts, losing focus and the press in progress; this keeps the light
 * button where it is until the menu can take its place in one commit.
 */
export interface Deferred<P> {
  /** Loads the code (once; again after a failure). */
  load: () => Promise<ComponentType<P>>;
  /** The component, once loaded. */
  get: () => ComponentType<P> | null;
}

export function deferred<P>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    load: () => {
      pending ??= importer().then(
        (loaded) => {
          component = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    get: () => component,
  };
}

interface DeferredMenuProps<P> {
  /** Load the menu now and show it once loaded (the light button stands in meanwhile). */
  warm: boolean;
  /** The menu's code. */
  code: Deferred<P>;
  /** The light button: the same look as the menu's own button, without Radix's menu code. */
  button: (handlers: LightButtonHandlers) => ReactElement;
  /** The menu itself, given what happened on the light button before it loaded. */
  menu: (Menu: ComponentType<P>, start: MenuStart) => ReactElement;
}

/**
 * A header menu whose Radix code (DropdownMenu, popper, floating-ui) stays out of the first screen:
 * a light button of the same look stands in until `warm` or until the button is engaged (pointer
 * over it, focus, a press), which starts loading the menu. A press before the code is there opens
 * the menu once it is; focus moves over to the menu's own button.
 */
export function DeferredMenu<P>({ warm, code, button, menu }: DeferredMenuProps<P>) {
  const [engaged, setEngaged] = useState(false);
  const [start, setStart] = useState(closedStart);
  // Not warm, the light button shows even when the code is here (another menu loaded it): the
  // same path every time, and nothing of the menu renders before it is wanted.
  const [Menu, setMenu] = useState(() => (warm ? code.get() : null));
  const wanted = warm || engaged;
  useEffect(() => {
    if (Menu || !wanted) return;
    let live = true;
    code.load().then(
      (loaded) => {
        if (live) setMenu(() => loaded);
      },
      // Nothing to tell anyone (offline, say): the button works as a menu button once it loads,
      // and engaging it again asks again.
      () => {
        if (live) setEngaged(false);
      },
    );
    return () => {
      live = false;
    };
  }, [Menu, wanted, code]);
  const handlers: LightButtonHandlers = {
    onPointerEnter: () => setEngaged(true),
    onPointerDown: (event) => {
      // As Radix's trigger: the main button without Ctrl opens, and keeps focus where it is.
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      setEngaged(true);
      setStart((s) => ({ ...s, open: true, byKeyboard: false }));
    },
    onFocus: () => {
      setEngaged(true);
      setStart((s) => ({ ...s, focus: true }));
    },
    onBlur: () => setStart((s) => ({ ...s, focus: false })),
    onKeyDown: (event) => {
      if (!openingKeys.includes(event.key)) return;
      event.preventDefault();
      setEngaged(true);
      setStart((s) => ({ ...s, open: true, byKeyboard: true }));
    },
  };
  return Menu ? menu(Menu, start) : button(handlers);
}

/** Calls the consumer's handler, then ours. */
export function both<E>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    theirs?.(event);
    ours(event);
  };
}

/**
 * For the loaded menu: takes over focus from the light button on mount, and returns props for the
 * menu's Content: an `onOpenAutoFocus` that puts focus on the first item when the light button was
 * opened by the keyboard (Radix's own keyboard tracking starts only with the menu, after that key
 * press). Radix Themes passes the prop on to Radix's menu at runtime but leaves it out of its types.
 */
export function useMenuStart(
  start: MenuStart,
  trigger: RefObject<HTMLButtonElement | null>,
  content: RefObject<HTMLDivElement | null>,
) {
  const firstItemOnOpen = useRef(start.open && start.byKeyboard);
  const focusTrigger = useRef(start.focus && !start.open);
  useLayoutEffect(() => {
    if (focusTrigger.current) trigger.current?.focus({ preventScroll: true });
    focusTrigger.current = false;
  }, [trigger]);
  const onOpenAutoFocus = useCallback(
    (event: Event) => {
      if (!firstItemOnOpen.current) return;
      firstItemOnOpen.current = false;
      event.preventDefault();
      content.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus({ preventScroll: true });
    },
    [content],
  );
  return { onOpenAutoFocus } as object;
}
