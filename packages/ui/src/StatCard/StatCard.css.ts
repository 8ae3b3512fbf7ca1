import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: vars.space['6'],
  height: vars.space['6'],
  borderRadius: vars.radius['2'],
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentText,
});

export const value = style({
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const trend = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
});

export const trendTone = styleVariants({
  up: { color: vars.color.success },
  down: { color: vars.color.danger },
  flat: { color: vars.color.textMuted },
});
