import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme';

const pulse = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.45 },
  '100%': { opacity: 1 },
});

export const root = style({
  width: '100%',
});

/** One grey placeholder block; it pulses unless the person asked for reduced motion. */
export const block = style({
  display: 'block',
  borderRadius: vars.radius['2'],
  backgroundColor: vars.color.borderSubtle,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space['4'],
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius['4'],
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});

export const table = style({
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius['4'],
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  overflow: 'hidden',
});

export const tableRow = style({
  display: 'grid',
  gridTemplateColumns: '2fr 1fr 1fr 1fr',
  gap: vars.space['4'],
  padding: vars.space['3'],
  selectors: {
    '& + &': { borderTop: `1px solid ${vars.color.border}` },
  },
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});
