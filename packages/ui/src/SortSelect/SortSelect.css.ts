import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const label = style({
  fontSize: vars.fontSize['2'],
  lineHeight: vars.lineHeight['2'],
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const control = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
});

export const select = style({
  appearance: 'none',
  height: vars.space['6'],
  minWidth: '14rem',
  paddingInline: `${vars.space['3']} calc(${vars.space['3']} + 20px)`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius['2'],
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize['2'],
  lineHeight: vars.lineHeight['2'],
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.textMuted },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 1,
    },
  },
});

export const option = style({
  backgroundColor: vars.color.panel,
  color: vars.color.text,
});

export const chevron = style({
  position: 'absolute',
  right: vars.space['3'],
  pointerEvents: 'none',
  color: vars.color.textMuted,
});
