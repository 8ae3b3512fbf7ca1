import { Button, ChevronDownIcon } from '@radix-ui/themes';
import type { NavLink } from '@vault/domain';
import {
  both,
  closedTriggerAttributes,
  DeferredMenu,
  deferred,
  type LightButtonHandlers,
} from '../internal/deferredMenu';
import type { NavigateHandler } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';

/** Own props, plus every native prop of the root `<button>` (className, style, id, data-*, aria-*, ref). */
export interface AdminMenuProps extends RootProps<'button', 'children'> {
  /** Links to list; the domain's `adminMenu` (/users, /compliance, /reports) by default. */
  items?: readonly NavLink[];
  /** The current pathname, to mark the current item. */
  currentPath?: string;
  /** Called with the href when an item is chosen by a plain click or the keyboard. */
  onNavigate?: NavigateHandler;
  /** Visible trigger text. */
  label?: string;
  /**
   * Load and render the menu now (true by default). False keeps a light button of the same look
   * until it is engaged (pointer over it, focus, a press) or this turns true, so the first screen
   * does not carry the menu's code; see preloadAdminMenu.
   */
  warm?: boolean;
}

// Pure: a bundle that imports another component from @vault/ui drops the menu's code.
const dropdown = /* @__PURE__ */ deferred(() => import('./AdminMenuDropdown').then((m) => m.AdminMenuDropdown));

/** Starts loading the admin menu's code (Radix DropdownMenu), e.g. once the first screen has painted. */
export function preloadAdminMenu(): Promise<void> {
  return dropdown.load().then(() => undefined);
}

/**
 * The admin menu (docs/product.md §2, 'Shell layout'). The app shows it when the domain's
 * `showsAdminMenu(session)` is true; this component only renders the menu. Its code loads on its
 * own: with `warm={false}` a light button of the same look stands in until the person engages it;
 * a press before the code is there opens the menu once it is (by keyboard, with focus on its first
 * item).
 *
 * When to use: in the header, for people the domain's `showsAdminMenu(session)` lets administer
 * (users, compliance, reports).
 *
 * When not: for the primary navigation (use PrimaryNav) or for actions on a page (use buttons).
 */
export function AdminMenu({ warm = true, ...props }: AdminMenuProps) {
  return (
    <DeferredMenu
      warm={warm}
      code={dropdown}
      button={(on) => <LightButton {...props} on={on} />}
      menu={(Menu, start) => <Menu {...props} start={start} />}
    />
  );
}

/** The same element, classes and attributes as AdminMenuDropdown's trigger while closed. */
function LightButton({
  items: _items,
  currentPath: _currentPath,
  onNavigate: _onNavigate,
  label = 'Admin',
  className,
  onPointerEnter,
  onPointerDown,
  onFocus,
  onBlur,
  onKeyDown,
  on,
  ...rest
}: Omit<AdminMenuProps, 'warm'> & { on: LightButtonHandlers }) {
  return (
    <Button
      {...rest}
      {...closedTriggerAttributes}
      className={cx(className)}
      variant="soft"
      color="gray"
      highContrast
      onPointerEnter={both(onPointerEnter, on.onPointerEnter)}
      onPointerDown={both(onPointerDown, on.onPointerDown)}
      onFocus={both(onFocus, on.onFocus)}
      onBlur={both(onBlur, on.onBlur)}
      onKeyDown={both(onKeyDown, on.onKeyDown)}
    >
      {label}
      <ChevronDownIcon />
    </Button>
  );
}
