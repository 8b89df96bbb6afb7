import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import argon2 from 'argon2';
import sharp from 'sharp';

// The suite runs on the runtime the README promises: npm scripts (and npx) put node_modules/.bin first on
// the PATH, where the npm registry's `node` package installs the Node.js that package.json names.
const pkg = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

/** The [major, minor] of a version such as 'v24.21.0', '>=24.11' or '^24.21.0'. */
function majorMinor(version: string): [number, number] {
  const match = /(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`not a version: ${version}`);
  return [Number(match[1]), Number(match[2])];
}

describe('the Node.js runtime', () => {
  it(`runs the tests on a Node.js that engines allows (this run: ${process.version})`, () => {
    const [major, minor] = majorMinor(process.version);
    const [minMajor, minMinor] = majorMinor(pkg.engines.node);
    expect(pkg.engines.node.startsWith('>=')).to.equal(true);
    expect(major > minMajor || (major === minMajor && minor >= minMinor), process.version).to.equal(true);
  });

  it('is the one the `node` dependency installs', () => {
    expect(majorMinor(process.version)[0]).to.equal(majorMinor(pkg.dependencies.node!)[0]);
  });

  it('loads the native modules: argon2 hashes and verifies, sharp converts an image', async () => {
    const hash = await argon2.hash('Demo2026!', { timeCost: 2, memoryCost: 4096 });
    expect(await argon2.verify(hash, 'Demo2026!')).to.equal(true);
    expect(await argon2.verify(hash, 'demo2026!')).to.equal(false);
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 3, 2]);
  });
});
