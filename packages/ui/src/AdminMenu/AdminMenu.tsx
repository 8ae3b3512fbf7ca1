import { Button, DropdownMenu } from '@radix-ui/themes';
import { adminMenu, type NavLink } from '@vault/domain';
import { useState } from 'react';
import { isCurrentSection, type NavigateHandler, navigateFromMenu } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';
import * as styles from './AdminMenu.css';

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
}

// Radix Themes types leave out `asChild` on menu items, but the item renders through Slot and
// supports it; it lets each item be a real <a href> (open in new tab, copy link) with menu roles.
const asChild = { asChild: true } as object;

/**
 * The admin menu (docs/product.md §2, 'Shell layout'). The app shows it when the domain's
 * `showsAdminMenu(session)` is true; this component only renders the menu.
 *
 * When to use: in the header, for people the domain's `showsAdminMenu(session)` lets administer
 * (users, compliance, reports).
 *
 * When not: for the primary navigation (use PrimaryNav) or for actions on a page (use buttons).
 */
export function AdminMenu({
  items = adminMenu,
  currentPath,
  onNavigate,
  label = 'Admin',
  className,
  ...rest
}: AdminMenuProps) {
  const [open, setOpen] = useState(false);
  return (
    // Non-modal: a modal menu aria-hides the rest of the page, trigger included, while the trigger
    // stays focusable (axe: aria-hidden-focus).
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger>
        <Button {...rest} className={cx(className)} variant="soft" color="gray" highContrast>
          {label}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {items.map((item) => (
          <DropdownMenu.Item key={item.href} {...asChild}>
            <a
              href={item.href}
              className={styles.item}
              aria-current={currentPath && isCurrentSection(item.href, currentPath) ? 'page' : undefined}
              onClick={navigateFromMenu(item.href, onNavigate, () => setOpen(false))}
            >
              {item.label}
            </a>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
