import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius['4'],
  border: `1px solid ${vars.color.accentBorder}`,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontFamily: vars.font.body,
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  flex: '1 1 16rem',
  minWidth: 0,
});

export const eyebrow = style({
  margin: 0,
  fontSize: vars.fontSize['1'],
  fontWeight: vars.fontWeight.medium,
  color: vars.color.accentText,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const label = style({
  margin: 0,
  fontSize: vars.fontSize['3'],
  fontWeight: vars.fontWeight.bold,
});

export const estimate = style({
  margin: 0,
  fontSize: vars.fontSize['2'],
  color: vars.color.textMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});
