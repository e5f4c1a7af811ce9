/** The PRNG of the mock (mulberry32, shared with the captcha): seeded, so the seed data and red-packet amounts repeat after a reset. */
export { mulberry32 as makeRng } from '../src/engine/rng';
