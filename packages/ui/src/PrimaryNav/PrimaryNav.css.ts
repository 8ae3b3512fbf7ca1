import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const nav = style({ minWidth: 0 });

export const list = style({
  display: 'flex',
  // One row that scrolls sideways when it does not fit, which is what it collapses to on small
  // screens (docs/product.md §2, 'Shell layout'); it never wraps into a second row.
  flexWrap: 'nowrap',
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  scrollSnapType: 'x proximity',
  gap: vars.space['1'],
  margin: 0,
  padding: `${vars.space['1']} 0`,
  listStyle: 'none',
});

/** Links hidden past an end fade out there: the row says that it scrolls, on a phone without a scrollbar too. */
const fade = '2rem';
globalStyle(`${nav}[data-more-end] ${list}`, {
  maskImage: `linear-gradient(to right, black calc(100% - ${fade}), transparent)`,
});
globalStyle(`${nav}[data-more-start] ${list}`, {
  maskImage: `linear-gradient(to left, black calc(100% - ${fade}), transparent)`,
});
globalStyle(`${nav}[data-more-start][data-more-end] ${list}`, {
  maskImage: `linear-gradient(to right, transparent, black ${fade}, black calc(100% - ${fade}), transparent)`,
});

export const item = style({ flexShrink: 0, scrollSnapAlign: 'start' });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 32,
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius['2'],
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize['2'],
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.hover, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[aria-current="page"]': { background: vars.color.accentSoft, color: vars.color.accentText },
  },
});
