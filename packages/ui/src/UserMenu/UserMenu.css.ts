import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const trigger = style({ maxWidth: 280 });

export const email = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': {
    // Narrow screens keep the initial only; the email stays the button's accessible name.
    'screen and (max-width: 480px)': { maxWidth: 120 },
  },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 22,
  height: 22,
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  color: vars.color.accentContrast,
  fontSize: vars.fontSize['1'],
  fontWeight: vars.fontWeight.bold,
  flexShrink: 0,
});
