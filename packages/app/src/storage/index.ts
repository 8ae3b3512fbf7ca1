export * from './local';
export * from './nudges';
export * from './researchPoints';
export * from './sessionArea';
