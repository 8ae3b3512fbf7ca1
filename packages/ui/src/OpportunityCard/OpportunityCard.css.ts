import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  height: '100%',
  transition: 'box-shadow 120ms ease-out',
  selectors: {
    '&:has(a:hover)': {
      boxShadow: `inset 0 0 0 1px ${vars.color.accentBorder}, ${vars.shadow['3']}`,
    },
    // The card draws the link's focus ring (the card clips what its children paint outside it).
    '&:has(a:focus-visible)': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 2,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

/**
 * The one link of the card sits on the name; its ::after stretches over the whole card, so a
 * click anywhere on the card follows it.
 */
export const link = style({
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      zIndex: 1,
    },
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: 3 },
  },
});

export const top = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
});

export const place = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
});

export const description = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 3,
  overflow: 'hidden',
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['2'],
  margin: 0,
  marginTop: 'auto',
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  minWidth: 0,
});

export const term = style({
  margin: 0,
  fontSize: vars.fontSize['1'],
  lineHeight: vars.lineHeight['1'],
  color: vars.color.textMuted,
});

export const definition = style({
  margin: 0,
  fontSize: vars.fontSize['3'],
  lineHeight: vars.lineHeight['3'],
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

export const icon = style({
  flex: 'none',
});
