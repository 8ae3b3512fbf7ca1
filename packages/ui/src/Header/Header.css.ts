import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const header = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gridTemplateAreas: '"brand nav actions"',
  alignItems: 'center',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  padding: `${vars.space['3']} ${vars.space['5']}`,
  background: vars.color.panel,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  '@media': {
    // Small screens: brand and actions on top, the navigation as a scrolling row beneath.
    'screen and (max-width: 768px)': {
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      gridTemplateAreas: '"brand actions" "nav nav"',
      padding: `${vars.space['2']} ${vars.space['3']}`,
    },
  },
});

export const brand = style({
  gridArea: 'brand',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.text,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize['4'],
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  borderRadius: vars.radius['2'],
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const mark = style({ color: vars.color.accent, flexShrink: 0 });

export const nav = style({ gridArea: 'nav', minWidth: 0 });

export const actions = style({
  gridArea: 'actions',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['3'],
  minWidth: 0,
});
