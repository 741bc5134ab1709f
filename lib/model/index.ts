/** The domain schemas the protocol is made of, below lib/messaging (which adds only directions and envelopes). */
export * from './errors';
export * from './lookup';
export * from './state';
export * from './text';
