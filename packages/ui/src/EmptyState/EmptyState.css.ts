import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingBlock: vars.space['7'],
  paddingInline: vars.space['5'],
  textAlign: 'center',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.space['8'],
  height: vars.space['8'],
  borderRadius: '50%',
  backgroundColor: vars.color.hover,
  color: vars.color.textMuted,
});

export const text = style({
  maxWidth: '42ch',
});
