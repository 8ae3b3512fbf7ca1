export * from './history';
export * from './returns';
