import { Button, DropdownMenu } from '@radix-ui/themes';
import { type NavLink, USER_MENU_CLOSE_DELAY_MS, userMenu } from '@vault/domain';
import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type NavigateHandler, navigateFromMenu } from '../internal/navigate';
import { cx, mergeRefs, type RootProps } from '../internal/props';
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
}

// See AdminMenu: Radix Themes supports `asChild` on items at runtime but leaves it out of the types.
const asChild = { asChild: true } as object;

/**
 * The user menu. docs/product.md §2: it closes USER_MENU_CLOSE_DELAY_MS (120 ms) after focus leaves it.
 * Radix would close a non-modal menu at once on focus outside, so that dismissal is turned off
 * and the delay is implemented here: focus leaving trigger and menu starts a timer, focus coming
 * back within the delay cancels it. A pointer press outside still closes at once, as menus do.
 *
 * When to use: in the header for the signed-in person: account links, appearance, Log out.
 *
 * When not: for admin links (AdminMenu) or page actions.
 */
export function UserMenu({
  email,
  items = userMenu,
  onNavigate,
  onLogout,
  appearance = 'light',
  onToggleAppearance,
  defaultOpen = false,
  className,
  ref,
  ...rest
}: UserMenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // When the timer closes the menu, focus is elsewhere on purpose: do not pull it back to the trigger.
  const closedByBlur = useRef(false);

  const cancelClose = useCallback(() => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  }, []);

  useEffect(() => cancelClose, [cancelClose]);

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    const inside = (element: HTMLElement | null) => next instanceof Node && element?.contains(next) === true;
    if (inside(triggerRef.current) || inside(contentRef.current)) return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      closedByBlur.current = true;
      setOpen(false);
    }, USER_MENU_CLOSE_DELAY_MS);
  };

  const onOpenChange = (next: boolean) => {
    cancelClose();
    closedByBlur.current = false;
    setOpen(next);
  };

  const initial = email.trim().charAt(0).toUpperCase() || '?';

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger>
        <Button
          {...rest}
          ref={mergeRefs(triggerRef, ref)}
          variant="ghost"
          color="gray"
          highContrast
          className={cx(styles.trigger, className)}
          onBlur={open ? onBlur : undefined}
          onFocus={cancelClose}
        >
          <span className={styles.avatar} aria-hidden="true">
            {initial}
          </span>
          <span className={styles.email}>{email}</span>
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        ref={contentRef}
        align="end"
        onBlur={onBlur}
        onFocus={cancelClose}
        onFocusOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => {
          if (closedByBlur.current) event.preventDefault();
          closedByBlur.current = false;
        }}
      >
        {items.map((item) => (
          <DropdownMenu.Item key={item.href} {...asChild}>
            <a href={item.href} onClick={navigateFromMenu(item.href, onNavigate, () => onOpenChange(false))}>
              {item.label}
            </a>
          </DropdownMenu.Item>
        ))}
        {onToggleAppearance && (
          <>
            <DropdownMenu.Separator />
            <DropdownMenu.CheckboxItem checked={appearance === 'dark'} onCheckedChange={() => onToggleAppearance()}>
              Dark appearance
            </DropdownMenu.CheckboxItem>
          </>
        )}
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={() => onLogout()}>
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
