import { messages } from '@vault/domain';
import * as styles from './PaletteHint.css';

/** SPEC.md's hint for the command palette shortcut, word for word. Hidden on narrow screens. */
export function PaletteHint() {
  return <p className={styles.hint}>{messages.paletteHint}</p>;
}
