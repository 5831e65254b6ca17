export * from './bar-rhythm.js';
export * from './drum-kit-staff.js';
export * from './sticking-letters.js';
export * from './sheet-key.js';
export * from './engrave-bar.js';
export * from './engrave-systems.js';
export * from './sheet-layout.js';
export * from './engraving-check.js';
