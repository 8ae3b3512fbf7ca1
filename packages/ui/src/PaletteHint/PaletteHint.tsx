import { messages } from '@vault/domain';
import { cx, type RootProps } from '../internal/props';
import * as styles from './PaletteHint.css';

/** SPEC.md's hint for the command palette shortcut, word for word. Hidden on narrow screens. */
/** Every native prop of the root `<p>` (className, style, id, data-*, aria-*, ref); the text is fixed. */
export type PaletteHintProps = RootProps<'p', 'children'>;

export function PaletteHint({ className, ...rest }: PaletteHintProps) {
  return (
    <p {...rest} className={cx(styles.hint, className)}>
      {messages.paletteHint}
    </p>
  );
}
