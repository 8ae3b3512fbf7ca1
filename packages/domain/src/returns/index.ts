export * from './returns';
