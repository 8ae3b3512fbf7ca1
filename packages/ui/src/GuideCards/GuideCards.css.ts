import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  height: '100%',
});

export const title = style({ margin: 0 });

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize['2'],
});

export const links = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  marginTop: vars.space['1'],
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  fontSize: vars.fontSize['2'],
  fontWeight: vars.fontWeight.medium,
});
