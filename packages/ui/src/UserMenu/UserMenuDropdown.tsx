import { Button, DropdownMenu } from '@radix-ui/themes';
import { USER_MENU_CLOSE_DELAY_MS, userMenu } from '@vault/domain';
import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type MenuStart, useMenuStart } from '../internal/deferredMenu';
import { navigateFromMenu } from '../internal/navigate';
import { cx, mergeRefs } from '../internal/props';
import type { UserMenuProps } from './UserMenu';
import * as styles from './UserMenu.css';

// See AdminMenuDropdown: Radix Themes supports `asChild` on items at runtime but leaves it out of the types.
const asChild = { asChild: true } as object;

/**
 * The user menu with its Radix code, loaded apart from the first screen (UserMenu renders it).
 * docs/product.md §2: it closes USER_MENU_CLOSE_DELAY_MS (120 ms) after focus leaves it.
 * Radix would close a non-modal menu at once on focus outside, so that dismissal is turned off
 * and the delay is implemented here: focus leaving trigger and menu starts a timer, focus coming
 * back within the delay cancels it. A pointer press outside still closes at once, as menus do.
 * `start` is what happened on UserMenu's light button before this code had loaded.
 */
export function UserMenuDropdown({
  email,
  items = userMenu,
  onNavigate,
  onLogout,
  appearance = 'light',
  onToggleAppearance,
  start,
  className,
  ref,
  ...rest
}: Omit<UserMenuProps, 'warm' | 'defaultOpen'> & { start: MenuStart }) {
  const [open, setOpen] = useState(start.open);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const contentStartProps = useMenuStart(start, triggerRef, contentRef);
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
        {...contentStartProps}
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
