import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(7rem, max-content) minmax(0, 1fr)',
  columnGap: vars.space['4'],
  rowGap: vars.space['2'],
  margin: `${vars.space['4']} 0 0`,
});

export const field = style({ display: 'contents' });

export const term = style({
  margin: 0,
  fontSize: vars.fontSize['2'],
  lineHeight: vars.lineHeight['2'],
  color: vars.color.textMuted,
});

export const value = style({
  margin: 0,
  fontSize: vars.fontSize['2'],
  lineHeight: vars.lineHeight['2'],
  color: vars.color.text,
  overflowWrap: 'break-word',
  minWidth: 0,
});

export const error = style({ marginTop: vars.space['4'] });

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
});
