export { serveEmbedded, type EmbeddedServer, type ServeOptions } from './server.js';
export { DEFAULT_LIMITS, type Limits } from './admission.js';
export { errorFields, type Log, type LogLevel } from './log.js';
