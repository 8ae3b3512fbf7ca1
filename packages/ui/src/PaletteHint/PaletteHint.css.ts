import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize['1'],
  whiteSpace: 'nowrap',
  '@media': {
    // Touch-sized screens rarely have a keyboard shortcut to offer.
    'screen and (max-width: 960px)': { display: 'none' },
  },
});
