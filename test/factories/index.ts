// The factories of the tests, one module per kind of record; tests import them from here.
export * from './users.js';
export * from './services.js';
export * from './bookings.js';
export * from './notifications.js';
