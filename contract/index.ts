export * from './envelope';
export * from './constants';
export * from './slug';
export * from './validation';
export * from './api';
