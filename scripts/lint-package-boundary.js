// The ESLint rule of eslint.config.js that keeps each package under packages/ on its own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A relative import from packages/<name>/ that resolves outside that folder: the package would depend on the
 * app (or on another package's insides) and could no longer be read, tested or moved on its own.
 */
export default {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      outside:
        'A package imports only its own files and npm packages, never the app (src/): take what it needs as an option.',
    },
  },
  create(context) {
    const [top, name] = path.relative(root, context.filename).split(path.sep);
    if (top !== 'packages' || !name) return {};
    const home = path.join(root, top, name);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), specifier);
      if (path.relative(home, target).startsWith('..')) context.report({ node: node.source, messageId: 'outside' });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
