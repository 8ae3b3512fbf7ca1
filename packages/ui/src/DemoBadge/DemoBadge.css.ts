import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const badge = style({
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  fontWeight: vars.fontWeight.bold,
});
