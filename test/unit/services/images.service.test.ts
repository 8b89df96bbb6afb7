import { expect } from 'chai';
import sharp from 'sharp';
import { ImageRejected, MAX_ASPECT, processImage, type ImageRules } from '../../../src/services/images.service.js';

const PROFILE: ImageRules = { allowed: ['image/jpeg', 'image/png'], maxDimension: 1024, thumbnailSizes: [300] };

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 113, b: 159 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function reasonOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    if (err instanceof ImageRejected) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('images.service: bounded by output as well as input', () => {
  for (const [width, height] of [
    [1, 8000],
    [8000, 1],
    [1, 60_000],
    [60_000, 1],
    [15, 15],
  ]) {
    it(`refuses a ${width}×${height} PNG by its shape, before decoding it`, async () => {
      const data = await png(width, height);
      expect(data.length).to.be.below(2000);
      expect(await reasonOf(processImage(data, PROFILE))).to.equal('shape');
    });
  }

  it(`accepts an image ${MAX_ASPECT} times as long as it is wide, and its square thumbnail is never enlarged`, async () => {
    const image = await processImage(await png(20, 20 * MAX_ASPECT), PROFILE);
    expect(image.thumbnails[0]).to.include({ width: 20, height: 20 });
    expect(image.main).to.include({ width: 20, height: 20 * MAX_ASPECT });
  });

  it('a small square image keeps its size in its thumbnail; a large one is cut to 300', async () => {
    expect((await processImage(await png(120, 90), PROFILE)).thumbnails[0]).to.include({ width: 90, height: 90 });
    expect((await processImage(await png(1600, 1200), PROFILE)).thumbnails[0]).to.include({ width: 300, height: 300 });
  });

  it('a refused image is answered while two large ones still hold both processing slots', async () => {
    const order: string[] = [];
    const big = await png(6000, 4000);
    const busy = [1, 2].map((n) => processImage(big, PROFILE).then(() => order.push(`big ${n}`)));
    const thin = reasonOf(processImage(await png(1, 60_000), PROFILE)).then((reason) => order.push(reason));
    await Promise.all([...busy, thin]);
    expect(order[0]).to.equal('shape');
  });
});
