import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  whiteSpace: 'nowrap',
});

/** The coloured dot: decoration only, the text label carries the meaning. */
export const dot = style({
  flex: 'none',
  width: '0.5em',
  height: '0.5em',
  borderRadius: '50%',
  backgroundColor: vars.color.accent,
});
