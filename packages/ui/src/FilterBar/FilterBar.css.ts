import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['3'],
  minWidth: 0,
});

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
  flex: '1 1 10rem',
  maxWidth: '100%',
});

export const searchField = style({
  flex: '2 1 14rem',
});

export const label = style({
  fontSize: vars.fontSize['2'],
  lineHeight: vars.lineHeight['2'],
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  padding: 0,
});

export const subLabel = style({
  fontSize: vars.fontSize['1'],
  lineHeight: vars.lineHeight['1'],
  color: vars.color.textMuted,
});

/** A native select, drawn like Radix's TextField so the row reads as one set of inputs. */
export const select = style({
  appearance: 'none',
  boxSizing: 'border-box',
  height: vars.space['6'],
  width: '100%',
  paddingInline: `${vars.space['2']} ${vars.space['6']}`,
  fontFamily: 'inherit',
  fontSize: vars.fontSize['2'],
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius['2'],
  backgroundImage:
    'linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)',
  backgroundPosition: 'calc(100% - 14px) 50%, calc(100% - 9px) 50%',
  backgroundSize: '5px 5px, 5px 5px',
  backgroundRepeat: 'no-repeat',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -1 },
  },
});

export const range = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  flex: '2 1 18rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const rangeInputs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const actions = style({
  display: 'flex',
  alignItems: 'flex-end',
});
