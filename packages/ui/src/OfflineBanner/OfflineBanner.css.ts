import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

// The live region itself has no box: empty, it takes no space, yet stays in the accessibility tree
// (display: none would drop it and its announcement).
export const region = style({});

export const banner = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.warningSoft,
  color: vars.color.warningText,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize['2'],
  fontWeight: vars.fontWeight.medium,
});
