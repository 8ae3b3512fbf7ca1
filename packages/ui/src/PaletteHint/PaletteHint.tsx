import { messages } from '@vault/domain';
import { cx, type RootProps } from '../internal/props';
import * as styles from './PaletteHint.css';

/** Every native prop of the root `<p>` (className, style, id, data-*, aria-*, ref); the text is fixed. */
export type PaletteHintProps = RootProps<'p', 'children'>;

/**
 * docs/product.md's hint for the command palette shortcut, word for word. Hidden on narrow screens.
 *
 * When to use: in the breadcrumb bar (AppShell includes it) to tell people about Ctrl/Cmd+K.
 *
 * When not: as a button: it is a hint, the shortcut opens the palette.
 */
export function PaletteHint({ className, ...rest }: PaletteHintProps) {
  return (
    <p {...rest} className={cx(styles.hint, className)}>
      {messages.paletteHint}
    </p>
  );
}
