import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const content = style({});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  marginTop: vars.space['4'],
});

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const label = style({
  fontSize: vars.fontSize['2'],
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['4'],
  rowGap: vars.space['1'],
});

/** Each choice's label is its tap target: at least 24 px high (WCAG 2.5.8). */
export const choice = style({
  minHeight: '24px',
  alignItems: 'center',
});

export const fieldMessage = style({
  margin: 0,
  fontSize: vars.fontSize['2'],
  color: vars.color.danger,
});

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['3'],
});
