// The chart's own chunk: only the screens that draw one load it (LazyBarChart).
export { BarChart as default } from '@vault/ui';
