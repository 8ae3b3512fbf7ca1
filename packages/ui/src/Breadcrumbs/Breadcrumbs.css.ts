import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize['2'],
});

export const item = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['1'] });

export const separator = style({ color: vars.color.textMuted });

export const link = style({
  color: vars.color.accentText,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  borderRadius: vars.radius['1'],
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[aria-current="page"]': { color: vars.color.text, textDecoration: 'none', fontWeight: vars.fontWeight.medium },
  },
});
