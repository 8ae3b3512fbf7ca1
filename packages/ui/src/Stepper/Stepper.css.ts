import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const stepper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  fontFamily: vars.font.body,
});

export const summary = style({
  margin: 0,
  fontSize: vars.fontSize['2'],
  color: vars.color.textMuted,
});

export const progress = style({});

globalStyle(`${progress} .rt-ProgressIndicator`, {
  transition: 'none',
  '@media': {
    '(prefers-reduced-motion: no-preference)': {
      transition: 'transform 300ms ease-out',
    },
  },
});

export const list = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(0, 1fr)',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    '(max-width: 520px)': { gridAutoFlow: 'row' },
  },
});

export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  fontSize: vars.fontSize['2'],
  color: vars.color.textMuted,
});

export const stepCurrent = style([step, { color: vars.color.text, fontWeight: vars.fontWeight.bold }]);
export const stepDone = style([step, { color: vars.color.text }]);

export const marker = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  borderRadius: '50%',
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize['1'],
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    [`${stepCurrent} &`]: {
      background: vars.color.accent,
      borderColor: 'transparent',
      color: vars.color.accentContrast,
    },
    [`${stepDone} &`]: {
      background: vars.color.successSoft,
      borderColor: 'transparent',
      color: vars.color.success,
    },
  },
});

export const label = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
