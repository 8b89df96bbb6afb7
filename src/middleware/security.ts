import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Config } from '../config/env.js';

/** Origin of the configured map tiles, allowed as an image source ({s} subdomains become a wildcard). */
export function tileOrigin(tileUrl: string): string | null {
  try {
    const url = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{\w\}/g, '0'));
    if (!tileUrl.includes('{s}')) return url.origin;
    return `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`;
  } catch {
    return null;
  }
}

/** helmet with a Content-Security-Policy that allows no inline script and nothing from other sites. */
export function securityHeaders(cfg: Config): RequestHandler {
  const tiles = tileOrigin(cfg.tileUrl);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Leaflet positions tiles and markers through style attributes.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(cfg.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: cfg.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
