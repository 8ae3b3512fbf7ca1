import { Button, ChevronDownIcon } from '@radix-ui/themes';
import type { NavLink } from '@vault/domain';
import {
  both,
  closedStart,
  closedTriggerAttributes,
  DeferredMenu,
  deferred,
  type LightButtonHandlers,
} from '../internal/deferredMenu';
import type { NavigateHandler } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';
import * as styles from './UserMenu.css';

/** Light or dark: the one declaration of it; the app and Storybook import it from here. */
export type Appearance = 'light' | 'dark';

/** Own props, plus every native prop of the root `<button>` (className, style, id, data-*, aria-*, ref). */
export interface UserMenuProps extends RootProps<'button', 'children'> {
  /** The signed-in user's email, shown on the button. */
  email: string;
  /** Link items; the domain's `userMenu` (Account Settings, Documents) by default. */
  items?: readonly NavLink[];
  /** Called with the href when a link item is chosen, for client-side routing. */
  onNavigate?: NavigateHandler;
  onLogout: () => void;
  /** The appearance in use; the menu offers to switch to the other one (docs/decisions.md (12)). */
  appearance?: Appearance;
  /** Omit to hide the appearance toggle. */
  onToggleAppearance?: () => void;
  /** Start open (stories, tests). */
  defaultOpen?: boolean;
  /**
   * Load and render the menu now (true by default). False keeps a light button of the same look
   * until it is engaged (pointer over it, focus, a press) or this turns true, so the first screen
   * does not carry the menu's code; see preloadUserMenu.
   */
  warm?: boolean;
}

// Pure: a bundle that imports another component from @vault/ui drops the menu's code.
const dropdown = /* @__PURE__ */ deferred(() => import('./UserMenuDropdown').then((m) => m.UserMenuDropdown));

/** Starts loading the user menu's code (Radix DropdownMenu), e.g. once the first screen has painted. */
export function preloadUserMenu(): Promise<void> {
  return dropdown.load().then(() => undefined);
}

/**
 * The user menu. docs/product.md §2: it closes USER_MENU_CLOSE_DELAY_MS (120 ms) after focus leaves it
 * (UserMenuDropdown). Its code loads on its own: with `warm={false}` a light button of the same
 * look stands in until the person engages it; a press before the code is there opens the menu
 * once it is (by keyboard, with focus on its first item).
 *
 * When to use: in the header for the signed-in person: account links, appearance, Log out.
 *
 * When not: for admin links (AdminMenu) or page actions.
 */
export function UserMenu({ warm = true, defaultOpen = false, ...props }: UserMenuProps) {
  return (
    <DeferredMenu
      warm={warm || defaultOpen}
      code={dropdown}
      button={(on) => <LightButton {...props} on={on} />}
      menu={(Menu, start) => <Menu {...props} start={defaultOpen ? { ...closedStart, open: true } : start} />}
    />
  );
}

/** The same element, classes and attributes as UserMenuDropdown's trigger while closed. */
function LightButton({
  email,
  items: _items,
  onNavigate: _onNavigate,
  onLogout: _onLogout,
  appearance: _appearance,
  onToggleAppearance: _onToggleAppearance,
  className,
  onPointerEnter,
  onPointerDown,
  onFocus,
  onBlur,
  onKeyDown,
  on,
  ...rest
}: Omit<UserMenuProps, 'warm' | 'defaultOpen'> & { on: LightButtonHandlers }) {
  const initial = email.trim().charAt(0).toUpperCase() || '?';
  return (
    <Button
      {...rest}
      {...closedTriggerAttributes}
      variant="ghost"
      color="gray"
      highContrast
      className={cx(styles.trigger, className)}
      onPointerEnter={both(onPointerEnter, on.onPointerEnter)}
      onPointerDown={both(onPointerDown, on.onPointerDown)}
      onFocus={both(onFocus, on.onFocus)}
      onBlur={both(onBlur, on.onBlur)}
      onKeyDown={both(onKeyDown, on.onKeyDown)}
    >
      <span className={styles.avatar} aria-hidden="true">
        {initial}
      </span>
      <span className={styles.email}>{email}</span>
      <ChevronDownIcon />
    </Button>
  );
}
