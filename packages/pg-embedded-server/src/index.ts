export { serveEmbedded, type EmbeddedServer, type ServeOptions } from './server.js';
export { errorFields, type Log, type LogLevel } from './log.js';
