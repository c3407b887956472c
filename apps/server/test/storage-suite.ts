import { createHash } from 'node:crypto';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signObjectUrl } from '../src/modules/storage/signed-url.ts';
import { ApiClient, type ApiAnswer, type ApiBody, okApi, signUpBusiness, startTestServer, type TestServer } from './harness.ts';
import { staffBusiness, staffOfEveryRole } from './staff-helpers.ts';

/**
 * One storage suite (SPEC §7), run by storage-local.test.ts against the local disk and by
 * storage-s3.test.ts against a real S3-protocol server on loopback, each on PGlite and PostgreSQL.
 */
export interface StorageBackend {
  /** Server environment for this driver. */
  env: Record<string, string>;
  /** Every key the driver holds now (to prove that nothing was written or that bytes went). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const SECRET = 'test-secret-test-secret-test-secret-0123';

interface Reply {
  status: number;
  headers: Headers;
  body: any;
  bytes: Buffer;
}

const cookieOf = (client: ApiClient) => client.cookieHeader();

const md5 = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;

async function pictureWithGps(): Promise<Buffer> {
  // 40 wide, 20 high, EXIF orientation 6 (shown rotated a quarter turn) and a GPS position.
  const raw = Buffer.alloc(40 * 20 * 3);
  for (let index = 0; index < raw.length; index += 1) raw[index] = (index * 13) % 256;
  return sharp(raw, { raw: { width: 40, height: 20, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Serial 12345' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const text = (value: string) => Buffer.from(value, 'utf8');

export function defineStorageSuite(label: string, makeBackend: () => Promise<StorageBackend>) {
  // Each test stores dozens of objects through a real driver (and an S3 server in this process):
  // more than the default 30 s on a loaded 2-core machine.
  describe(`storage on ${label}`, { timeout: 90_000 }, () => {
    let server: TestServer;
    let backend: StorageBackend;

    beforeAll(async () => {
      backend = await makeBackend();
      server = await startTestServer({ env: backend.env });
    });
    afterAll(async () => {
      await server?.close();
      await backend?.close();
    });

    /** The answer read the way every check below reads it: status, headers, JSON body (if any) and bytes. */
    async function replyOf(response: Response): Promise<Reply> {
      const bytes = Buffer.from(await response.arrayBuffer());
      const json = (response.headers.get('content-type') ?? '').includes('application/json');
      return { status: response.status, headers: response.headers, body: json ? JSON.parse(bytes.toString('utf8')) : null, bytes };
    }

    /**
     * Untyped on purpose, for what the contract does not describe as it is sent: uploads (the
     * contract declares no request body for them; the bytes or the multipart form go as they are,
     * with their own content-type) and signed-URL reads (a URL with ?token= handed out by the
     * server, not a typed route call).
     */
    async function untyped(client: ApiClient | null, method: string, path: string, options: { body?: RequestInit['body']; headers?: Record<string, string> } = {}): Promise<Reply> {
      const headers: Record<string, string> = { ...(client ? { cookie: cookieOf(client) } : {}), ...options.headers };
      return replyOf(await fetch(server.url + path, { method, headers, ...(options.body !== undefined ? { body: options.body } : {}) }));
    }

    /** Uploads: the contract declares no body for them; the bytes go as they are (untyped). */
    const upload = (client: ApiClient, bucket: string, name: string, bytes: Uint8Array, headers: Record<string, string> = {}) =>
      untyped(client, 'POST', `/api/storage/object/${bucket}/${name}`, { body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'application/octet-stream', ...headers } });

    /** Signed URLs are read as handed out (path and ?token=), signed out: not a typed route call (untyped). */
    const readSignedUrl = (url: string) => untyped(null, 'GET', url);

    /** A caller with no session. */
    const anonymous = () => new ApiClient(server.url);

    /** A typed call's answer as a Reply: `data` as the contract types it; `body` is the JSON (data, or the error) for the error checks. */
    async function answer<D>(pending: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<Reply & { data: D | undefined }> {
      const { data, error, response } = await pending;
      return { status: response.status, headers: response.headers, data, body: data ?? error ?? null, bytes: Buffer.alloc(0) };
    }

    /** A typed download (parseAs: 'arrayBuffer') as a Reply: its bytes, or the JSON error. */
    async function readBytes(pending: Promise<{ data?: ArrayBuffer; error?: unknown; response: Response }>): Promise<Reply> {
      const { data, error, response } = await pending;
      return { status: response.status, headers: response.headers, body: error ?? null, bytes: Buffer.from(data ?? new ArrayBuffer(0)) };
    }

    const names = async (client: ApiClient, bucket: string) =>
      (await okApi(await client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket } }, body: { limit: 1000 } }), 200)).objects.map((o) => o.name);

    function expectStorageError(reply: Reply, status: number, code: string) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      expect(reply.body.error).toMatchObject({ code, status, statusCode: String(status) });
      expect(typeof reply.body.error.message).toBe('string');
    }

    async function shopWithBucket(bucket = 'docs', settings: Omit<ApiBody<'/api/storage/bucket', 'post'>, 'name'> = {}) {
      const shop = await signUpBusiness(server, { assignOwner: true });
      const created = await answer(shop.client.api.POST('/api/storage/bucket', { body: { name: bucket, ...settings } }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return shop;
    }

    it('creates, lists, reads, updates, empties and deletes buckets; errors carry status and statusCode', async () => {
      const { client } = await shopWithBucket('docs', { allowed_mime_types: ['application/pdf'], file_size_limit: 5000 });
      const bucket = await answer(client.api.GET('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'docs' } } }));
      expect(bucket.data).toMatchObject({ id: 'docs', name: 'docs', public: false, allowed_mime_types: ['application/pdf'], file_size_limit: 5000, system: false });
      expectStorageError(await answer(client.api.POST('/api/storage/bucket', { body: { name: 'docs' } })), 409, 'bucket_exists');
      expectStorageError(await answer(client.api.POST('/api/storage/bucket', { body: { name: 'Bad Name' } })), 400, 'validation_error');
      expectStorageError(await answer(client.api.POST('/api/storage/bucket', { body: { name: 'list' } })), 400, 'validation_error');
      expectStorageError(await answer(client.api.POST('/api/storage/bucket', { body: { name: 'expense-receipts' } })), 409, 'bucket_exists');
      expectStorageError(await answer(client.api.GET('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'nothing-here' } } })), 404, 'bucket_not_found');

      const updated = await answer(client.api.PUT('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'docs' } }, body: { public: true, allowed_mime_types: null } }));
      expect(updated.data).toMatchObject({ public: true, allowed_mime_types: null, file_size_limit: 5000 });

      // A system bucket appears once used, and is fixed.
      expect((await answer(client.api.GET('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'expense-receipts' } } }))).data).toMatchObject({ system: true, public: false });
      expect((await answer(client.api.GET('/api/storage/bucket'))).data!.map((b) => b.name)).toEqual(['docs', 'expense-receipts']);
      expectStorageError(await answer(client.api.DELETE('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'expense-receipts' } } })), 409, 'system_bucket');
      expectStorageError(await answer(client.api.PUT('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'expense-receipts' } }, body: { public: true } })), 409, 'system_bucket');

      expect((await upload(client, 'docs', 'a.pdf', PDF)).status).toBe(200);
      expectStorageError(await answer(client.api.DELETE('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'docs' } } })), 409, 'bucket_not_empty');
      const keysBefore = (await backend.keys()).length;
      expect((await answer(client.api.POST('/api/storage/bucket/{bucket}/empty', { params: { path: { bucket: 'docs' } } }))).data).toMatchObject({ removed: 1 });
      expect((await backend.keys()).length).toBe(keysBefore - 1);
      expect((await answer(client.api.DELETE('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'docs' } } }))).status).toBe(200);
      expectStorageError(await answer(client.api.GET('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'docs' } } })), 404, 'bucket_not_found');
      // Signed out: the session error carries them too.
      expectStorageError(await answer(anonymous().api.GET('/api/storage/bucket')), 400, 'session_not_found');
    });

    it('uploads raw and multipart bodies, sniffs the type from the bytes, downloads with cache-control 3600, etag and info', async () => {
      const { client, userId } = await shopWithBucket();
      // Declared as an image, but the bytes are a PDF.
      const stored = await upload(client, 'docs', 'invoices/2024/march.pdf', PDF, { 'content-type': 'image/png' });
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      expect(stored.body.object).toMatchObject({
        bucket: 'docs',
        name: 'invoices/2024/march.pdf',
        size: PDF.length,
        content_type: 'application/pdf',
        cache_control: 'max-age=3600',
        etag: md5(PDF),
        owner: { user_id: userId, employee_id: null },
      });

      const download = await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'invoices/2024/march.pdf' } }, parseAs: 'arrayBuffer' }));
      expect(download.status).toBe(200);
      expect(download.bytes.equals(PDF)).toBe(true);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(download.headers.get('etag')).toBe(md5(PDF));
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      const notModified = await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'invoices/2024/march.pdf' } }, headers: { 'if-none-match': md5(PDF) }, parseAs: 'arrayBuffer' }));
      expect(notModified.status).toBe(304);

      const info = await answer(client.api.GET('/api/storage/object/info/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'invoices/2024/march.pdf' } } }));
      expect(info.data).toMatchObject({ name: 'invoices/2024/march.pdf', size: PDF.length, content_type: 'application/pdf', id: stored.body.object.id });

      // Multipart with its own cache-control; text keeps its declared type when it is text.
      const form = new FormData();
      form.set('file', new Blob([text('hello, till')], { type: 'text/plain' }), 'note.txt');
      form.set('cache_control', '60');
      const multipart = await untyped(client, 'POST', '/api/storage/object/docs/notes/hello.txt', { body: form });
      expect(multipart.body.object).toMatchObject({ content_type: 'text/plain', cache_control: 'max-age=60', size: 11 });
      const note = await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'notes/hello.txt' } }, parseAs: 'arrayBuffer' }));
      expect(note.headers.get('cache-control')).toBe('private, max-age=60');
      expect(note.bytes.toString()).toBe('hello, till');

      // Unknown bytes are never trusted to be what they claim.
      const html = await upload(client, 'docs', 'page.html', text('<html><script>alert(1)</script></html>'), { 'content-type': 'text/html' });
      expect(html.body.object.content_type).toBe('application/octet-stream');
      const served = await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'page.html' } }, parseAs: 'arrayBuffer' }));
      expect(served.headers.get('content-disposition')).toMatch(/^attachment/);

      expectStorageError(await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'missing.pdf' } }, parseAs: 'arrayBuffer' })), 404, 'object_not_found');
      expectStorageError(await upload(client, 'docs', 'empty.txt', new Uint8Array(0)), 400, 'empty_file');
      expectStorageError(await upload(client, 'docs', 'x.txt', text('x'), { 'cache-control': 'forever' }), 400, 'invalid_cache_control');
    });

    it('refuses path traversal and malformed names: 400, nothing written', async () => {
      const { client } = await shopWithBucket();
      expect((await upload(client, 'docs', 'keep.txt', text('keep'), { 'content-type': 'text/plain' })).status).toBe(200);
      const keysBefore = (await backend.keys()).sort();
      for (const name of ['..%2F..%2F..%2Fetc%2Fpasswd', 'a%2F..%2F..%2Fb', '%2Fetc%2Fpasswd', 'a%5C..%5Cb', 'nul%00byte', 'bell%07', 'tab%09x', 'a%2F%2Fb', 'C%3A%2Fwin.ini', 'x'.repeat(1100)]) {
        expectStorageError(await upload(client, 'docs', name, text('evil'), { 'content-type': 'text/plain' }), 400, 'invalid_object_name');
      }
      // A line break never matches a route: 404 not_found.
      expectStorageError(await upload(client, 'docs', 'line%0Abreak', text('evil')), 404, 'not_found');
      expectStorageError(await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: '../keep.txt' } }, parseAs: 'arrayBuffer' })), 400, 'invalid_object_name');
      expectStorageError(await answer(client.api.POST('/api/storage/object/copy', { body: { bucket: 'docs', source_key: 'keep.txt', destination_key: 'line\nbreak' } })), 400, 'validation_error');
      expectStorageError(await answer(client.api.POST('/api/storage/object/move', { body: { bucket: 'docs', source_key: 'keep.txt', destination_key: '../../escaped.txt' } })), 400, 'validation_error');
      expectStorageError(await answer(client.api.POST('/api/storage/object/copy', { body: { bucket: 'docs', source_key: 'keep.txt', destination_key: '/abs.txt' } })), 400, 'validation_error');
      expectStorageError(await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: '../../docs', name: 'keep.txt' } }, parseAs: 'arrayBuffer' })), 400, 'validation_error');
      expect(await names(client, 'docs')).toEqual(['keep.txt']);
      expect((await backend.keys()).sort()).toEqual(keysBefore);
    });

    it('refuses oversized uploads with 413 and Connection: close, and the next request works', async () => {
      const { client } = await shopWithBucket('small', { file_size_limit: 1000 });
      const keysBefore = (await backend.keys()).length;
      const declared = await upload(client, 'small', 'big.txt', Buffer.alloc(5000, 97), { 'content-type': 'text/plain' });
      expectStorageError(declared, 413, 'payload_too_large');
      expect(declared.headers.get('connection')).toBe('close');
      // Without a length (chunked), the server stops reading at the limit.
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < 20; index += 1) controller.enqueue(Buffer.alloc(500, 98));
          controller.close();
        },
      });
      const response = await fetch(`${server.url}/api/storage/object/small/chunked.txt`, {
        method: 'POST',
        body: chunks,
        headers: { cookie: cookieOf(client), 'content-type': 'text/plain' },
        duplex: 'half',
      } as RequestInit);
      expectStorageError(await replyOf(response), 413, 'payload_too_large');
      // Over the deployment's maximum (2 MB here) in a bucket without its own limit.
      await answer(client.api.POST('/api/storage/bucket', { body: { name: 'open' } }));
      expectStorageError(await upload(client, 'open', 'huge.bin', Buffer.alloc(2 * 1024 * 1024 + 10)), 413, 'payload_too_large');
      // A small one right after is fine.
      expect((await upload(client, 'small', 'ok.txt', Buffer.alloc(1000, 99), { 'content-type': 'text/plain' })).status).toBe(200);
      expect(await names(client, 'small')).toEqual(['ok.txt']);
      expect((await backend.keys()).length).toBe(keysBefore + 1);
    });

    it('refuses a type the bucket does not take, by the bytes', async () => {
      const { client } = await shopWithBucket('photos', { allowed_mime_types: ['image/*'] });
      const keysBefore = (await backend.keys()).length;
      const refused = await upload(client, 'photos', 'fake.jpg', PDF, { 'content-type': 'image/jpeg' });
      expectStorageError(refused, 415, 'mime_type_not_allowed');
      const damaged = await upload(client, 'photos', 'broken.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]));
      expect(damaged.status).toBe(422);
      expect(await names(client, 'photos')).toEqual([]);
      expect((await backend.keys()).length).toBe(keysBefore);
    });

    it("another business's bucket and objects are not there: 404, nothing changed", async () => {
      const a = await shopWithBucket('private-docs');
      const b = await signUpBusiness(server, { assignOwner: true });
      expect((await upload(a.client, 'private-docs', 'secret.pdf', PDF)).status).toBe(200);
      const keysBefore = (await backend.keys()).sort();

      expectStorageError(await answer(b.client.api.GET('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'private-docs' } } })), 404, 'bucket_not_found');
      expectStorageError(await readBytes(b.client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'private-docs', name: 'secret.pdf' } }, parseAs: 'arrayBuffer' })), 404, 'bucket_not_found');
      expectStorageError(await answer(b.client.api.GET('/api/storage/object/info/{bucket}/{name}', { params: { path: { bucket: 'private-docs', name: 'secret.pdf' } } })), 404, 'bucket_not_found');
      expectStorageError(await answer(b.client.api.DELETE('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'private-docs', name: 'secret.pdf' } } })), 404, 'bucket_not_found');
      expectStorageError(await answer(b.client.api.DELETE('/api/storage/object/{bucket}', { params: { path: { bucket: 'private-docs' } }, body: { prefixes: ['secret.pdf'] } })), 404, 'bucket_not_found');
      expectStorageError(await upload(b.client, 'private-docs', 'secret.pdf', text('overwritten'), { 'x-upsert': 'true' }), 404, 'bucket_not_found');
      expectStorageError(await answer(b.client.api.POST('/api/storage/object/move', { body: { bucket: 'private-docs', source_key: 'secret.pdf', destination_key: 'mine.pdf' } })), 404, 'bucket_not_found');
      expectStorageError(await answer(b.client.api.POST('/api/storage/bucket/{bucket}/empty', { params: { path: { bucket: 'private-docs' } } })), 404, 'bucket_not_found');
      expectStorageError(await answer(b.client.api.DELETE('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'private-docs' } } })), 404, 'bucket_not_found');
      expectStorageError(await answer(b.client.api.POST('/api/storage/object/sign/{bucket}/{name}', { params: { path: { bucket: 'private-docs', name: 'secret.pdf' } }, body: { expires_in: 60 } })), 404, 'bucket_not_found');
      // Not public: the public path of A's business does not serve it either.
      expectStorageError(await readBytes(anonymous().api.GET('/api/storage/object/public/{business_id}/{bucket}/{name}', { params: { path: { business_id: a.businessId, bucket: 'private-docs', name: 'secret.pdf' } }, parseAs: 'arrayBuffer' })), 404, 'bucket_not_found');

      // B may have a bucket of the same name; it is B's own.
      expect((await answer(b.client.api.POST('/api/storage/bucket', { body: { name: 'private-docs' } }))).status).toBe(201);
      expect(await names(b.client, 'private-docs')).toEqual([]);

      const intact = await readBytes(a.client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'private-docs', name: 'secret.pdf' } }, parseAs: 'arrayBuffer' }));
      expect(intact.bytes.equals(PDF)).toBe(true);
      expect((await backend.keys()).sort()).toEqual(keysBefore);
    });

    it('lists 100 by name ascending by default; prefix, search, cursor, offset and other orders', async () => {
      const { client, businessId } = await shopWithBucket('many');
      const all = Array.from({ length: 105 }, (_, index) => `f/${String(index).padStart(3, '0')}.txt`);
      // Out of order, with a few names outside the folder and byte-order edge cases.
      const extra = ['B.txt', 'a.txt', 'f-other.txt', 'é.txt'];
      const shuffled = [...all].reverse();
      for (let start = 0; start < shuffled.length; start += 15) {
        await Promise.all(
          shuffled.slice(start, start + 15).map((name) => server.services.storage.putObject(businessId, 'many', name, { bytes: text(name), declaredType: 'text/plain' })),
        );
      }
      for (const name of extra) await server.services.storage.putObject(businessId, 'many', name, { bytes: text(name), declaredType: 'text/plain' });

      const first = await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } } }));
      expect(first.status).toBe(200);
      const expectedOrder = [...all, ...extra].sort((x, y) => (Buffer.from(x) < Buffer.from(y) ? -1 : 1));
      expect(first.data!.objects.map((o) => o.name)).toEqual(expectedOrder.slice(0, 100));
      expect(first.data!.next_cursor).toEqual(expect.any(String));

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: ApiAnswer<'/api/storage/object/list/{bucket}', 'post'> | undefined } = await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } }, body: { prefix: 'f/', limit: 40, ...(cursor ? { cursor } : {}) } }));
        seen.push(...page.data!.objects.map((o) => o.name));
        cursor = page.data!.next_cursor;
      } while (cursor);
      expect(seen).toEqual(all);

      const offset = await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } }, body: { prefix: 'f/', limit: 3, offset: 100 } }));
      expect(offset.data!.objects.map((o) => o.name)).toEqual(all.slice(100, 103));
      const desc = await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } }, body: { limit: 2, sort_by: { column: 'name', order: 'desc' } } }));
      expect(desc.data!.objects.map((o) => o.name)).toEqual(['é.txt', 'f/104.txt']);
      const search = await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } }, body: { search: 'OTHER' } }));
      expect(search.data!.objects.map((o) => o.name)).toEqual(['f-other.txt']);
      const literal = await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } }, body: { prefix: 'f_' } }));
      expect(literal.data!.objects).toEqual([]);
      expectStorageError(await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } }, body: { limit: 1001 } })), 400, 'validation_error');
      expectStorageError(await answer(client.api.POST('/api/storage/object/list/{bucket}', { params: { path: { bucket: 'many' } }, body: { cursor: 'garbage' } })), 400, 'invalid_cursor');
    });

    it('moves (same id, new name, across buckets) and copies (new id, independent bytes)', async () => {
      const { client } = await shopWithBucket('docs');
      await answer(client.api.POST('/api/storage/bucket', { body: { name: 'archive' } }));
      const original = (await upload(client, 'docs', 'draft.txt', text('version 1'), { 'content-type': 'text/plain' })).body.object;
      await upload(client, 'docs', 'taken.txt', text('taken'), { 'content-type': 'text/plain' });

      const moved = await answer(client.api.POST('/api/storage/object/move', { body: { bucket: 'docs', source_key: 'draft.txt', destination_key: 'final/report.txt' } }));
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.data!.object).toMatchObject({ id: original.id, name: 'final/report.txt', etag: original.etag });
      expectStorageError(await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'draft.txt' } }, parseAs: 'arrayBuffer' })), 404, 'object_not_found');
      expect((await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'final/report.txt' } }, parseAs: 'arrayBuffer' }))).bytes.toString()).toBe('version 1');
      expectStorageError(
        await answer(client.api.POST('/api/storage/object/move', { body: { bucket: 'docs', source_key: 'final/report.txt', destination_key: 'taken.txt' } })),
        409,
        'object_exists',
      );
      expectStorageError(await answer(client.api.POST('/api/storage/object/move', { body: { bucket: 'docs', source_key: 'nope.txt', destination_key: 'x.txt' } })), 404, 'object_not_found');

      const copied = await answer(client.api.POST('/api/storage/object/copy', { body: { bucket: 'docs', source_key: 'final/report.txt', destination_key: 'copy.txt' } }));
      expect(copied.data!.object.id).not.toBe(original.id);
      expect(copied.data!.object.etag).toBe(original.etag);
      expect((await answer(client.api.DELETE('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'copy.txt' } } }))).status).toBe(200);
      expect((await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'final/report.txt' } }, parseAs: 'arrayBuffer' }))).bytes.toString()).toBe('version 1');

      const keysBefore = (await backend.keys()).length;
      const across = await answer(client.api.POST('/api/storage/object/move', { body: { bucket: 'docs', source_key: 'final/report.txt', destination_key: 'report.txt', destination_bucket: 'archive' } }));
      expect(across.data!.object).toMatchObject({ id: original.id, bucket: 'archive', name: 'report.txt' });
      expect((await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'archive', name: 'report.txt' } }, parseAs: 'arrayBuffer' }))).bytes.toString()).toBe('version 1');
      expect(await names(client, 'docs')).toEqual(['taken.txt']);
      expect((await backend.keys()).length).toBe(keysBefore);
      expect((await backend.keys()).some((key) => key.includes('/archive/'))).toBe(true);
    });

    it('deletes several at once and answers the ones that existed; their bytes go', async () => {
      const { client } = await shopWithBucket();
      for (const name of ['a.txt', 'b.txt', 'c.txt']) await upload(client, 'docs', name, text(name), { 'content-type': 'text/plain' });
      const keysBefore = (await backend.keys()).length;
      const removed = await answer(client.api.DELETE('/api/storage/object/{bucket}', { params: { path: { bucket: 'docs' } }, body: { prefixes: ['a.txt', 'c.txt', 'missing.txt'] } }));
      expect(removed.data!.map((o) => o.name).sort()).toEqual(['a.txt', 'c.txt']);
      expect(await names(client, 'docs')).toEqual(['b.txt']);
      expect((await backend.keys()).length).toBe(keysBefore - 2);
      expectStorageError(await answer(client.api.DELETE('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'a.txt' } } })), 404, 'object_not_found');
    });

    it('signs URLs that expire and cannot be altered; several at once', async () => {
      const { client, businessId } = await shopWithBucket();
      await upload(client, 'docs', 'folder/receipt.pdf', PDF);
      await upload(client, 'docs', 'other.pdf', Buffer.concat([PDF, text('%other')]));
      const signed = await answer(client.api.POST('/api/storage/object/sign/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'folder/receipt.pdf' } }, body: { expires_in: 120 } }));
      expect(signed.status).toBe(200);
      const url: string = signed.data!.signed_url;
      expect(url).toMatch(/^\/api\/storage\/object\/sign\/docs\/folder\/receipt\.pdf\?token=/);
      expect(Date.parse(signed.data!.expires_at)).toBeGreaterThan(Date.now() + 100_000);

      const read = await readSignedUrl(url);
      expect(read.status).toBe(200);
      expect(read.bytes.equals(PDF)).toBe(true);
      const maxAge = Number(/max-age=(\d+)/.exec(read.headers.get('cache-control')!)![1]);
      expect(maxAge).toBeLessThanOrEqual(120);

      const token = url.slice(url.indexOf('token=') + 6);
      const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
      expectStorageError(await readSignedUrl(`/api/storage/object/sign/docs/folder/receipt.pdf?token=${flipped}`), 403, 'invalid_signature');
      // The same token on another object.
      expectStorageError(await readSignedUrl(`/api/storage/object/sign/docs/other.pdf?token=${token}`), 403, 'invalid_signature');
      // A payload changed to live longer, signature kept.
      const [payload, signature] = token.split('.');
      const claim = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const longer = Buffer.from(JSON.stringify({ ...claim, e: claim.e + 86_400 })).toString('base64url');
      expectStorageError(await readSignedUrl(`/api/storage/object/sign/docs/folder/receipt.pdf?token=${longer}.${signature}`), 403, 'invalid_signature');
      const expired = signObjectUrl(SECRET, { businessId, bucket: 'docs', name: 'folder/receipt.pdf', expires: Math.floor(Date.now() / 1000) - 1 });
      expectStorageError(await readSignedUrl(expired), 403, 'invalid_signature');
      expectStorageError(await answer(client.api.POST('/api/storage/object/sign/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'folder/receipt.pdf' } }, body: { expires_in: 8 * 24 * 3600 } })), 400, 'validation_error');
      expectStorageError(await answer(client.api.POST('/api/storage/object/sign/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'missing.pdf' } }, body: { expires_in: 60 } })), 404, 'object_not_found');

      const many = await answer(client.api.POST('/api/storage/object/sign/{bucket}', { params: { path: { bucket: 'docs' } }, body: { expires_in: 60, paths: ['other.pdf', 'missing.pdf', '../x'] } }));
      expect(many.data![0]).toMatchObject({ path: 'other.pdf', signed_url: expect.stringContaining('token='), error: null });
      expect(many.data![1]).toMatchObject({ path: 'missing.pdf', signed_url: null, error: 'Object not found' });
      expect(many.data![2]).toMatchObject({ path: '../x', signed_url: null });
      expect((await readSignedUrl(many.data![0]!.signed_url!)).bytes.equals(Buffer.concat([PDF, text('%other')]))).toBe(true);

      // A download name is kept printable, whatever was asked for.
      const odd = await answer(client.api.POST('/api/storage/object/sign/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'other.pdf' } }, body: { expires_in: 60, download: 'bad\ud800name' } }));
      expect((await readSignedUrl(odd.data!.signed_url)).headers.get('content-disposition')).toMatch(/^attachment; filename="bad_name"/);
      const injected = await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'other.pdf' }, query: { download: 'x\r\nSet-Cookie: a=b' } }, parseAs: 'arrayBuffer' }));
      expect(injected.status).toBe(200);
      expect(injected.headers.get('set-cookie')).toBeNull();
      expect(injected.headers.get('content-disposition')).toMatch(/^attachment; filename="x__Set-Cookie: a=b"/);

            // Deleted: the URL no longer reads it.
      await answer(client.api.DELETE('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'folder/receipt.pdf' } } }));
      expectStorageError(await readSignedUrl(url), 404, 'object_not_found');
    });

    it('serves public buckets without signing in, private ones not', async () => {
      const { client, businessId } = await shopWithBucket('menu', { public: true });
      await upload(client, 'menu', 'today.txt', text('soup'), { 'content-type': 'text/plain' });
      const read = await readBytes(anonymous().api.GET('/api/storage/object/public/{business_id}/{bucket}/{name}', { params: { path: { business_id: businessId, bucket: 'menu', name: 'today.txt' } }, parseAs: 'arrayBuffer' }));
      expect(read.status).toBe(200);
      expect(read.bytes.toString()).toBe('soup');
      expect(read.headers.get('cache-control')).toBe('public, max-age=3600');
      await answer(client.api.PUT('/api/storage/bucket/{bucket}', { params: { path: { bucket: 'menu' } }, body: { public: false } }));
      expectStorageError(await readBytes(anonymous().api.GET('/api/storage/object/public/{business_id}/{bucket}/{name}', { params: { path: { business_id: businessId, bucket: 'menu', name: 'today.txt' } }, parseAs: 'arrayBuffer' })), 404, 'bucket_not_found');
    });

    it('strips EXIF and GPS from pictures and applies their orientation', async () => {
      const { client } = await shopWithBucket('photos', { allowed_mime_types: ['image/jpeg'] });
      const original = await pictureWithGps();
      expect(ExifReader.load(original, { expanded: true }).gps?.Latitude).toBe(51.5);
      const stored = await upload(client, 'photos', 'site/door.jpg', original, { 'content-type': 'image/jpeg' });
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      const download = await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'photos', name: 'site/door.jpg' } }, parseAs: 'arrayBuffer' }));
      const tags = ExifReader.load(download.bytes, { expanded: true });
      expect(tags.gps).toBeUndefined();
      expect(tags.exif).toBeUndefined();
      expect(download.bytes.includes('TestCam')).toBe(false);
      const meta = await sharp(download.bytes).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
      expect(stored.body.object.size).toBe(download.bytes.length);
      expect(stored.body.object.etag).toBe(md5(download.bytes));
    });

    it('keeps one whole object when uploads of the same name race', async () => {
      const { client } = await shopWithBucket();
      const keysBefore = (await backend.keys()).length;
      const bodies = Array.from({ length: 6 }, (_, index) => text(`racer ${index} `.repeat(50 + index)));
      const replies = await Promise.all(bodies.map((body) => upload(client, 'docs', 'race.txt', body, { 'content-type': 'text/plain', 'x-upsert': 'true' })));
      expect(replies.map((reply) => reply.status)).toEqual(bodies.map(() => 200));
      const info = (await answer(client.api.GET('/api/storage/object/info/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'race.txt' } } }))).data!;
      const download = await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'race.txt' } }, parseAs: 'arrayBuffer' }));
      expect(md5(download.bytes)).toBe(info.etag);
      expect(bodies.some((body) => body.equals(download.bytes))).toBe(true);
      expect((await backend.keys()).length).toBe(keysBefore + 1);

      const without = await Promise.all(bodies.map((body) => upload(client, 'docs', 'once.txt', body, { 'content-type': 'text/plain' })));
      expect(without.filter((reply) => reply.status === 200)).toHaveLength(1);
      for (const reply of without.filter((r) => r.status !== 200)) expectStorageError(reply, 409, 'object_exists');
      expect((await backend.keys()).length).toBe(keysBefore + 2);
    });

    it('applies SPEC §6 per bucket: who may upload, read, delete and manage', async () => {
      const shop = await staffBusiness(server, { businessName: 'Storage Roles', features: { employee_management: true } });
      const staff = await staffOfEveryRole(server, shop);
      const as = (actor: string) => staff.headersOf(actor);
      const { client } = shop;
      await answer(client.api.POST('/api/storage/bucket', { body: { name: 'docs' } }));
      await upload(client, 'docs', 'keep.txt', text('keep'), { 'content-type': 'text/plain' });

      expectStorageError(await answer(client.api.POST('/api/storage/bucket', { body: { name: 'by-cashier' }, headers: as('cashier') })), 403, 'forbidden');
      expectStorageError(await answer(client.api.POST('/api/storage/bucket', { body: { name: 'by-admin' }, headers: as('adminNone') })), 403, 'forbidden');
      expect((await answer(client.api.POST('/api/storage/bucket', { body: { name: 'by-admin' }, headers: as('adminAll') }))).status).toBe(201);

      // A cashier on the till stores an expense receipt; the kitchen may not.
      const receipt = await upload(client, 'expense-receipts', 'r1.pdf', PDF, as('cashier'));
      expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
      expect(receipt.body.object.owner).toEqual({ user_id: shop.userId, employee_id: staff.ids.cashier });
      expectStorageError(await upload(client, 'expense-receipts', 'r2.pdf', PDF, as('kitchen')), 403, 'forbidden');
      expect((await upload(client, 'incident-photos', 'spill.jpg', await pictureWithGps(), as('kitchen'))).status).toBe(200);
      expectStorageError(await upload(client, 'purchase-invoices', 'inv.pdf', PDF, as('cashier')), 403, 'forbidden');
      expectStorageError(await upload(client, 'inspection-photos', 'car.jpg', await pictureWithGps()), 403, 'feature_disabled');
      // Replacing is deleting what was there.
      expectStorageError(await upload(client, 'expense-receipts', 'r1.pdf', PDF, { ...as('cashier'), 'x-upsert': 'true' }), 403, 'forbidden');

      expect((await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'expense-receipts', name: 'r1.pdf' } }, headers: as('cashier'), parseAs: 'arrayBuffer' }))).status).toBe(200);
      expectStorageError(await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'expense-receipts', name: 'r1.pdf' } }, headers: as('kitchen'), parseAs: 'arrayBuffer' })), 403, 'forbidden');
      expect((await readBytes(client.api.GET('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'keep.txt' } }, headers: as('kitchen'), parseAs: 'arrayBuffer' }))).status).toBe(200);
      expectStorageError(await upload(client, 'docs', 'cashier.txt', text('x'), as('cashier')), 403, 'forbidden');

      // Deleting needs the owner or an admin with can_change_settings; refused, nothing goes.
      for (const actor of ['cashier', 'manager', 'adminNone']) {
        expectStorageError(await answer(client.api.DELETE('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'expense-receipts', name: 'r1.pdf' } }, headers: as(actor) })), 403, 'forbidden');
        expectStorageError(
          await answer(client.api.POST('/api/storage/object/move', { body: { bucket: 'docs', source_key: 'keep.txt', destination_key: 'moved.txt' }, headers: as(actor) })),
          403,
          'forbidden',
        );
      }
      expectStorageError(await answer(client.api.POST('/api/storage/bucket/{bucket}/empty', { params: { path: { bucket: 'docs' } }, headers: as('manager') })), 403, 'forbidden');
      expect(await names(client, 'expense-receipts')).toEqual(['r1.pdf']);
      expect(await names(client, 'docs')).toEqual(['keep.txt']);
      expect((await answer(client.api.DELETE('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'expense-receipts', name: 'r1.pdf' } }, headers: as('adminAll') }))).status).toBe(200);
      expect((await answer(client.api.DELETE('/api/storage/object/{bucket}/{name}', { params: { path: { bucket: 'docs', name: 'keep.txt' } } }))).status).toBe(200);
    });

    it('lets other modules store a file in one call and hand out a signed URL', async () => {
      const { businessId } = await signUpBusiness(server, { assignOwner: true });
      const stored = await server.services.storage.upload(businessId, 'expense-receipts', { bytes: PDF }, { folder: '2024/03' });
      expect(stored.object.name).toMatch(/^2024\/03\/[0-9a-f-]{36}\.pdf$/);
      expect(stored.object.contentType).toBe('application/pdf');
      const read = await readSignedUrl(stored.signedUrl(60));
      expect(read.bytes.equals(PDF)).toBe(true);
    });
  });
}
