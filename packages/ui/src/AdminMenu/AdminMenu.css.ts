import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const item = style({
  textDecoration: 'none',
  color: 'inherit',
  selectors: { '&[aria-current="page"]': { fontWeight: vars.fontWeight.bold } },
});
