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
    // Below the width the seven primary items need beside the brand and the menus (narrower, the
    // row cuts 'Support' off), brand and menus go on top and the navigation gets a
    // row of its own beneath; on small screens that row scrolls sideways.
    'screen and (max-width: 1152px)': {
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      gridTemplateAreas: '"brand actions" "nav nav"',
    },
    'screen and (max-width: 768px)': { padding: `${vars.space['2']} ${vars.space['3']}` },
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

export const mark = style({ flexShrink: 0 });

export const nav = style({ gridArea: 'nav', minWidth: 0 });

// On a phone the controls (palette hint, demo badge, admin and user menus) can be wider than the
// room beside the brand: they wrap onto another row rather than overflow leftwards over the
// wordmark ('safe' keeps a single too-wide item from spilling out on the start side).
export const actions = style({
  gridArea: 'actions',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'safe flex-end',
  gap: `${vars.space['2']} ${vars.space['3']}`,
  minWidth: 0,
});
