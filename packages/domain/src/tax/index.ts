export * from './withholding';
