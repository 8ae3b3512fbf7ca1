import { style } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** A visible focus indicator for custom interactive elements (WCAG 2.4.7, 2.4.11). */
export const focusRing = style({
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 2,
    },
  },
});

/** Hidden on screen, still read by assistive technology. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
