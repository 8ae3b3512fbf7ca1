import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const link = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  minHeight: 44,
  boxSizing: 'border-box',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius['3'],
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.panel,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.fontSize['3'],
  lineHeight: vars.lineHeight['3'],
  selectors: {
    '&:hover': { backgroundColor: vars.color.hover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

/** A queue with something waiting stands out; an empty one reads quieter. */
export const waiting = style({
  borderColor: vars.color.accent,
  fontWeight: vars.fontWeight.medium,
});

export const count = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.bold,
});
