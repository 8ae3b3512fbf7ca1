import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  whiteSpace: 'nowrap',
});

const markBase = style({
  flex: 'none',
  width: '0.55em',
  height: '0.55em',
  backgroundColor: vars.color.accent,
});

/** A shape per tone as a second hint beside the colour; the text still carries the meaning. */
export const mark = styleVariants({
  neutral: [
    markBase,
    { borderRadius: '50%', backgroundColor: 'transparent', border: `1.5px solid ${vars.color.accent}` },
  ],
  info: [markBase, { borderRadius: '50%' }],
  success: [markBase, { borderRadius: '50%' }],
  warning: [markBase, { borderRadius: '1px', transform: 'rotate(45deg)' }],
  danger: [markBase, { borderRadius: '1px' }],
});
