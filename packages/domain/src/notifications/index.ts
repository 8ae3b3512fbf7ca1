export * from './named';
export * from './texts';
