import { messages } from '@vault/domain';
import * as styles from './PaletteHint.css';

/**
 * docs/product.md's hint for the command palette shortcut, word for word. Hidden on narrow screens.
 * `onEngage` runs when the pointer comes over it or it gets focus: someone about to use the palette,
 * a moment to fetch its code.
 */
export function PaletteHint({ onEngage }: { onEngage?: () => void }) {
  return (
    <p className={styles.hint} onPointerEnter={onEngage} onFocus={onEngage}>
      {messages.paletteHint}
    </p>
  );
}
