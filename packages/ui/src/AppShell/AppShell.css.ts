import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const shell = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
});

export const crumbs = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  padding: `${vars.space['2']} ${vars.space['5']}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  // One line of breadcrumbs high (their size, the inherited line height) with or without them, so
  // the page below does not move when they arrive (the app's prerendered shell frame has none).
  fontSize: vars.fontSize['2'],
  minHeight: '1lh',
  '@media': { 'screen and (max-width: 768px)': { padding: `${vars.space['2']} ${vars.space['3']}` } },
});

export const main = style({
  flex: 1,
  // Padding inside the width: with content-box, 100% + padding overflowed the viewport sideways.
  boxSizing: 'border-box',
  width: '100%',
  maxWidth: 1200,
  marginInline: 'auto',
  padding: `${vars.space['5']}`,
  // Focus lands here from the skip link; the landmark itself is not a control, so no ring.
  selectors: { '&:focus': { outline: 'none' } },
  '@media': { 'screen and (max-width: 768px)': { padding: vars.space['3'] } },
});
