import { expect } from 'chai';
import { fileTypeFromBuffer } from 'file-type';
import { db } from '../../../src/db/knex.js';
import { storage } from '../../../src/services/storage.service.js';
import { seedDemoForSuite } from '../seeds.helpers.js';

describe('seeds/demo: a provider waits in the verification queue', function () {
  this.timeout(120_000);
  const seeded = seedDemoForSuite();

  it('has one request waiting, with the documents its services call for, each a PDF in storage', async () => {
    expect(seeded.summary.verification_requests).to.equal(1);
    const [request] = await db()('verification_requests').where({ status: 'submitted' });
    expect(request).to.not.equal(undefined);
    const documents = await db()('verification_documents').where({ request_id: request.id });
    expect(documents.map((d: { kind: string }) => d.kind)).to.include('visura_camerale');
    for (const d of documents) {
      const file = await storage().get(d.file_key);
      expect(file, d.file_key).to.not.equal(null);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.body) chunks.push(chunk as Buffer);
      expect((await fileTypeFromBuffer(Buffer.concat(chunks)))?.mime).to.equal('application/pdf');
    }
    const provider = await db()('provider_profiles').where({ user_id: request.organisation_id }).first();
    expect(provider.verified).to.equal(false);
  });
});
