import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
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
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
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

export const label = style({ flex: '1 1 auto', minWidth: 0 });

export const estimate = style({
  flex: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize['1'],
  fontVariantNumeric: 'tabular-nums',
});

export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize['2'],
});
