export * from './alerts';
export * from './named';
export * from './templates';
export * from './texts';
