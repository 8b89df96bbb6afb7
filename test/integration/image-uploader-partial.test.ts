import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import * as cheerio from 'cheerio';
import ejs from 'ejs';
import { asset, assetImports } from '../../src/config/assets.js';
import { t } from '../../src/config/i18n.js';
import { VIEW_RENDER_OPTIONS } from '../../src/config/views.js';
import { LISTING_IMAGE_MAX_BYTES, LISTING_IMAGE_TYPES, LISTING_IMAGES_MAX } from '../../src/lib/upload-limits.js';
import type { FormImage } from '../../src/services/listing-images.service.js';

const views = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../views');

const image = (n: number): FormImage => ({
  id: `0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4${n}`,
  url: `/media/services/x/${n}.webp`,
  thumbnailUrl: `/media/services/x/${n}-150.jpg`,
  srcset: '',
  name: `foto-${n}.jpg`,
  width: 1200,
  height: 800,
});

async function render(locals: { images: FormImage[]; error?: string }) {
  const html = await ejs.renderFile(
    path.join(views, 'services/_image-uploader.ejs'),
    {
      ...locals,
      t,
      asset,
      assetImports,
      csrfToken: () => 'token-di-prova',
    },
    VIEW_RENDER_OPTIONS,
  );
  return cheerio.load(html, null, false);
}

describe('views/services/_image-uploader.ejs', () => {
  it('without JavaScript: a multiple file input "images" for JPG, PNG and WebP', async () => {
    const $ = await render({ images: [] });
    const input = $('[data-island="image-uploader"] input[type="file"]');
    expect(input.attr('name')).to.equal('images');
    expect(input.attr('multiple')).to.not.equal(undefined);
    expect(input.attr('accept')).to.equal('image/jpeg,image/png,image/webp');
    expect($(`label[for="${input.attr('id')}"]`).text()).to.equal('Scegli le immagini');
  });

  it('lists the uploaded photos in order with "Usa come copertina" (the first chosen) and "Rimuovi"', async () => {
    const $ = await render({
      images: [image(1), image(2)],
      error: 'Puoi caricare al massimo 10 immagini per servizio.',
    });
    expect(
      $('input[name="image_ids"]')
        .map((_, el) => $(el).val())
        .get(),
    ).to.deep.equal([image(1).id, image(2).id]);
    expect($('input[name="cover_image_id"]:checked').val()).to.equal(image(1).id);
    expect($('input[name="remove_image_ids"]').length).to.equal(2);
    expect($('.image-uploader__cover').length).to.equal(1);
    expect($('#f-images-error').text()).to.equal('Puoi caricare al massimo 10 immagini per servizio.');
    expect($('.image-uploader__image label').first().text()).to.include('Usa come copertina');
  });

  it('offers no file input once 10 photos are there', async () => {
    const $ = await render({ images: Array.from({ length: 10 }, (_, i) => image(i)) });
    expect($('input[type="file"]').length).to.equal(0);
    expect($('.image-uploader__full').text()).to.equal('Hai raggiunto il massimo di 10 immagini.');
  });

  it('gives the island the limits of src/lib/upload-limits.ts, the photos and Italian labels', async () => {
    const $ = await render({ images: [image(1)] });
    const props = JSON.parse($('script[data-island-props="image-uploader"]').text()) as Record<string, unknown>;
    expect(props).to.include({
      max: LISTING_IMAGES_MAX,
      maxBytes: LISTING_IMAGE_MAX_BYTES,
      csrfToken: 'token-di-prova',
    });
    expect(props.types).to.deep.equal([...LISTING_IMAGE_TYPES]);
    expect(props.images).to.deep.equal([image(1)]);
    expect(props.labels).to.include({
      failed: 'Errore durante il caricamento delle immagini',
      cover: 'Copertina',
      moveLeft: 'Sposta a sinistra',
      moveRight: 'Sposta a destra',
      uploading: 'Caricamento di {{name}}: {{percent}}%',
    });
  });
});
