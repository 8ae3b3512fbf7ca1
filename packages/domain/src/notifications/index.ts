export * from './alerts';
export * from './named';
export * from './texts';
