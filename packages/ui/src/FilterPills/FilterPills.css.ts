import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const group = style({
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});

export const label = style({
  padding: 0,
  marginBottom: vars.space['2'],
  color: vars.color.text,
});

export const pills = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pill = style({
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 2,
    },
  },
});
