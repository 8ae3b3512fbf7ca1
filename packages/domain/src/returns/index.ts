export * from './csv';
export * from './history';
export * from './returns';
