import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';

/** Issue 17: the widget's embed page may be framed only by the origins its business lists. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const frameAncestorsOf = async (path: string) => {
  const answer = await fetch(`${server.url}${path}`);
  return { csp: answer.headers.get('content-security-policy') ?? '', frameOptions: answer.headers.get('x-frame-options') };
};

describe('the embed page /chatbot-embed/{chatbotId}', () => {
  it("is framed only by the business's listed origins; every other page keeps frame-ancestors 'none'", async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const { settings } = (await client.api.GET('/api/chatbot/settings')).data!;

    const before = await frameAncestorsOf(`/chatbot-embed/${settings.id}`);
    expect(before.csp).toContain("frame-ancestors 'none'");
    expect(before.frameOptions).toBe('DENY');

    const saved = await client.api.PATCH('/api/chatbot/settings', { body: { allowed_origins: ['https://shop.example.com', 'http://localhost:5999'] } });
    expect(saved.response.status).toBe(200);
    const after = await frameAncestorsOf(`/chatbot-embed/${settings.id}`);
    expect(after.csp).toMatch(/frame-ancestors https:\/\/shop\.example\.com http:\/\/localhost:5999(;|$)/);
    expect(after.frameOptions).toBeNull();

    for (const path of [`/chatbot-widget/${settings.id}`, '/dashboard', '/chatbot-embed/not-a-uuid', '/chatbot-embed/00000000-0000-4000-8000-000000000000']) {
      expect((await frameAncestorsOf(path)).csp, path).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses an origin that is not a plain http(s) origin', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    for (const origin of ["https://a.example.com 'unsafe-inline'", 'javascript:alert(1)', 'https://a.example.com/path', '*']) {
      expect((await client.api.PATCH('/api/chatbot/settings', { body: { allowed_origins: [origin] } })).response.status, origin).toBe(400);
    }
  });
});
