import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize['3'],
  lineHeight: vars.lineHeight['3'],
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const empty = style({
  textAlign: 'center',
  color: vars.color.textMuted,
  paddingBlock: vars.space['5'],
});

export const numeric = style({
  fontVariantNumeric: 'tabular-nums',
});
