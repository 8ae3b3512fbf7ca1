import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme';

/** The native modal `<dialog>`: the panel itself, near the top of the window like a search box. */
export const dialog = style({
  boxSizing: 'border-box',
  width: `min(560px, calc(100vw - 2 * ${vars.space['4']}))`,
  maxWidth: 'none',
  margin: `min(12vh, 96px) auto auto`,
  padding: 0,
  border: 0,
  borderRadius: vars.radius['4'],
  background: vars.color.panel,
  color: vars.color.text,
  boxShadow: vars.shadow['6'],
  overflow: 'hidden',
  selectors: {
    '&::backdrop': { background: vars.color.overlay },
  },
});

export const content = style({
  padding: 0,
});

export const command = style({
  display: 'flex',
  flexDirection: 'column',
  fontFamily: vars.font.body,
  color: vars.color.text,
});

export const input = style({
  width: '100%',
  boxSizing: 'border-box',
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize['3'],
  padding: `${vars.space['4']} ${vars.space['4']}`,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus-visible': { boxShadow: `inset 0 -2px 0 ${vars.color.focus}` },
  },
});

export const list = style({
  // The max height itself comes from PALETTE_MAX_HEIGHT_PX as an inline style.
  boxSizing: 'border-box',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space['2'],
  scrollPaddingBlock: vars.space['2'],
});

globalStyle(`${list} [cmdk-group-heading]`, {
  padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['1']}`,
  fontSize: vars.fontSize['1'],
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  boxSizing: 'border-box',
  minHeight: 36,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius['2'],
  fontSize: vars.fontSize['2'],
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&[data-selected="true"]': {
      background: vars.color.accentSoft,
      color: vars.color.accentText,
      outline: `1px solid ${vars.color.accentBorder}`,
    },
  },
});

export const empty = style({
  padding: `${vars.space['5']} ${vars.space['3']}`,
  textAlign: 'center',
  fontSize: vars.fontSize['2'],
  color: vars.color.textMuted,
});
