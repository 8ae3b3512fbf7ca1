import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme';

/** Text colours at step 11 or 12, which keep AA contrast on the page and panel backgrounds. */
export const tone = styleVariants({
  default: { color: 'inherit' },
  muted: { color: vars.color.textMuted },
  positive: { color: vars.color.success },
  negative: { color: vars.color.danger },
});

export const figures = styleVariants({
  base: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});
