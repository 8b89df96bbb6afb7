import { expect } from 'chai';
import { tileOrigin } from '../../../src/middleware/security.js';
import { islandProps } from '../../../src/lib/island.js';

describe('security helpers', () => {
  it('allows the configured tile server as an image source', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).to.equal('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.tile.example.com/{z}/{x}/{y}.png')).to.equal('https://*.tile.example.com');
    expect(tileOrigin('not a url')).to.equal(null);
  });

  it('escapes island props so user text cannot close the script tag', () => {
    const json = islandProps({ title: '</script><script>alert(1)</script>' });
    expect(json).not.to.include('</script>');
    expect(JSON.parse(json)).to.deep.equal({ title: '</script><script>alert(1)</script>' });
  });
});
