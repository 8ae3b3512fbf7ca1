import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

// Colours come from Radix's menu item styles (incl. the highlighted state); only mark the current page.
export const item = style({
  selectors: { '&[aria-current="page"]': { fontWeight: vars.fontWeight.bold } },
});
