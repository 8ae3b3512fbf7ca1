import { Button, DropdownMenu } from '@radix-ui/themes';
import { adminMenu } from '@vault/domain';
import { useRef, useState } from 'react';
import { type MenuStart, useMenuStart } from '../internal/deferredMenu';
import { isCurrentSection, navigateFromMenu } from '../internal/navigate';
import { cx, mergeRefs } from '../internal/props';
import type { AdminMenuProps } from './AdminMenu';
import * as styles from './AdminMenu.css';

// Radix Themes types leave out `asChild` on menu items, but the item renders through Slot and
// supports it; it lets each item be a real <a href> (open in new tab, copy link) with menu roles.
const asChild = { asChild: true } as object;

/**
 * The admin menu with its Radix code, loaded apart from the first screen (AdminMenu renders it).
 * `start` is what happened on AdminMenu's light button before this code had loaded.
 */
export function AdminMenuDropdown({
  items = adminMenu,
  currentPath,
  onNavigate,
  label = 'Admin',
  start,
  className,
  ref,
  ...rest
}: Omit<AdminMenuProps, 'warm'> & { start: MenuStart }) {
  const [open, setOpen] = useState(start.open);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const contentStartProps = useMenuStart(start, triggerRef, contentRef);
  return (
    // Non-modal: a modal menu aria-hides the rest of the page, trigger included, while the trigger
    // stays focusable (axe: aria-hidden-focus).
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger>
        <Button
          {...rest}
          ref={mergeRefs(triggerRef, ref)}
          className={cx(className)}
          variant="soft"
          color="gray"
          highContrast
        >
          {label}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content ref={contentRef} align="end" {...contentStartProps}>
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
