export * from './projection.js';
export * from './read-model-store.js';
export * from './fold.js';
export * from './projection-runner.js';
export * from './all-projections.js';
