import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  minWidth: 0,
});

export const table = style({
  minWidth: 0,
});

/** Radix's surface table clips its overflow for the rounded corners, which would undo `sticky`. */
globalStyle(`${table} table`, { overflow: 'visible' });

export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize['3'],
  lineHeight: vars.lineHeight['3'],
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

/** The primary column's edge: a 1 px line drawn as a background, so the row line (Radix's box-shadow) stays. */
const edge = `linear-gradient(to left, ${vars.color.borderSubtle} 1px, transparent 1px)`;

/**
 * The primary column stays in view while a narrow table scrolls sideways; it needs an opaque
 * background so the cells scrolling under it do not show through. It keeps the row's line and,
 * in the header, the header's tint, so it reads as one table with the other columns.
 */
export const sticky = style({
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  backgroundColor: vars.color.panel,
  backgroundImage: `${edge}, linear-gradient(var(--table-row-background-color), var(--table-row-background-color))`,
});

/** The selected row's sticky cell keeps the row's tint over its opaque background. */
export const stickySelected = style({
  backgroundImage: `${edge}, linear-gradient(${vars.color.accentSoft}, ${vars.color.accentSoft})`,
});

/** Said under a table wider than its box: its other columns are a sideways scroll away. */
export const scrollHint = style({
  margin: 0,
  fontSize: vars.fontSize['1'],
  lineHeight: vars.lineHeight['1'],
  color: vars.color.textMuted,
});

export const row = style({});

export const selectable = style({
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.hover },
  },
});

export const selected = style({
  backgroundColor: vars.color.accentSoft,
  boxShadow: `inset 3px 0 0 ${vars.color.accent}`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.accentSoft },
  },
});

/** At least 24 px high (WCAG 2.5.8) around a 20 px line: the 2 px above and below sit in the cell's padding, so its text lines up with the row's. */
export const rowButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: 24,
  marginBlock: -2,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  borderRadius: vars.radius['1'],
  textAlign: 'inherit',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const nowrap = style({
  whiteSpace: 'nowrap',
});

export const numeric = style({
  fontVariantNumeric: 'tabular-nums',
});

export const message = style({
  textAlign: 'center',
  color: vars.color.textMuted,
  paddingBlock: vars.space['6'],
});

export const errorBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  color: vars.color.danger,
});

const pulse = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.45 },
  '100%': { opacity: 1 },
});

export const skeleton = style({
  display: 'block',
  height: '1em',
  width: '70%',
  borderRadius: vars.radius['1'],
  backgroundColor: vars.color.hover,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const footer = style({
  display: 'flex',
  justifyContent: 'center',
});
