import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

/** Every step done: one line, wrapping on a narrow screen. */
export const folded = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
});

export const foldedPercent = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const foldedHint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize['2'],
});

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const percent = style({
  fontSize: vars.fontSize['6'],
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight['5'],
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

const grow = keyframes({
  from: { transform: 'scaleX(0)' },
});

export const progress = style({});

// The bar grows in on first render and glides between values; both only when motion is welcome.
globalStyle(`${progress} .rt-ProgressIndicator`, {
  transition: 'none',
  '@media': {
    '(prefers-reduced-motion: no-preference)': {
      transition: 'transform 600ms cubic-bezier(0.22, 1, 0.36, 1)',
      animation: `${grow} 800ms cubic-bezier(0.22, 1, 0.36, 1)`,
    },
  },
});

export const list = style({
  // The rows lay out by the card's width, not the window's: the card sits in grids of any size.
  containerType: 'inline-size',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

/** Where a row stops fitting label, estimate and button on one line ('First onramp (€20+)' is the longest). */
const NARROW = '(max-width: 30rem)';

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space['3'],
  rowGap: vars.space['2'],
  minHeight: 40,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius['3'],
  border: `1px solid ${vars.color.borderSubtle}`,
  color: vars.color.text,
  fontSize: vars.fontSize['2'],
});

export const rowDone = style([
  row,
  {
    background: vars.color.successSoft,
    borderColor: 'transparent',
    color: vars.color.success,
    fontWeight: vars.fontWeight.medium,
  },
]);

export const marker = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 20,
  height: 20,
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
});

export const markerDone = style([
  marker,
  {
    borderColor: 'transparent',
    background: vars.color.success,
    color: vars.color.panel,
  },
]);

// Never narrower than its longest word, and never broken inside one (Radix sets overflow-wrap:
// break-word on the theme root): on a narrow card the action moves under the label instead.
export const label = style({ flex: '1 1 8rem', overflowWrap: 'normal' });

/** The estimate and the button: after the label on a wide card, on their own line under it on a narrow one. */
export const action = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  marginInlineStart: 'auto',
  '@container': {
    [NARROW]: {
      flexBasis: '100%',
      justifyContent: 'space-between',
      // Lines up with the label, past the 20 px marker and the gap.
      paddingInlineStart: `calc(20px + ${vars.space['3']})`,
    },
  },
});

export const estimate = style({
  flex: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize['1'],
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize['2'],
});
