export * from './actions';
export * from './cases';
export * from './classification';
export * from './countries';
export * from './decision';
export * from './profile';
export * from './questionnaire';
