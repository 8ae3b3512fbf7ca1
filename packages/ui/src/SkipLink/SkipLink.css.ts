import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space['3'],
  top: vars.space['3'],
  zIndex: 1000,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius['3'],
  background: vars.color.accent,
  color: vars.color.accentContrast,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize['2'],
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  // Off screen until focused, so keyboard users meet it first and mouse users never see it.
  transform: 'translateY(calc(-100% - 24px))',
  selectors: {
    '&:focus, &:focus-visible': {
      transform: 'none',
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 2,
    },
  },
  '@media': {
    '(prefers-reduced-motion: no-preference)': { transition: 'transform 120ms ease-out' },
  },
});
