import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['4'],
  backgroundColor: vars.color.panel,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius['3'],
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const titles = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const title = style({
  overflowWrap: 'break-word',
  selectors: {
    '&:focus': { outline: 'none' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const subtitle = style({
  margin: 0,
  fontSize: vars.fontSize['2'],
  color: vars.color.textMuted,
  overflowWrap: 'break-word',
});

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(7rem, max-content) minmax(0, 1fr)',
  columnGap: vars.space['4'],
  rowGap: vars.space['2'],
  margin: 0,
});

/** Each term and its value: a grid row of the list (display: contents keeps the dl's grid). */
export const field = style({
  display: 'contents',
});

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

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.borderSubtle}`,
});

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  alignItems: 'start',
});

export const layoutOpen = style({
  '@media': {
    '(min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(20rem, 26rem)' },
  },
});

export const layoutList = style({
  minWidth: 0,
});

export const layoutDetail = style({
  minWidth: 0,
  '@media': {
    '(min-width: 1024px)': { position: 'sticky', top: vars.space['4'] },
  },
});
