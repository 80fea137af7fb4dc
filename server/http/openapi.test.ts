import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test-app';

let made: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  made = await makeTestApp();
});
afterAll(() => made.db.destroy());

interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, unknown>;
        requestBody?: {
          content: Record<
            string,
            { schema?: { type?: string; properties?: Record<string, unknown> } }
          >;
        };
      }
    >
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of spec 7’s calls, the client area and the shop, from the contracts', async () => {
    const res = await made.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
    const doc = (await res.json()) as Document;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/auth/logout',
        'GET /api/user',
        'POST /api/public/biens',
        'POST /api/register',
        'POST /api/contact',
        'POST /api/{role}/changepassword',
        'PUT /api/{role}/update',
        'PUT /api/users/{id}',
        'GET /api/admin/users',
        'POST /api/admin/users',
        'GET /api/admin/users/{id}',
        'PUT /api/admin/users/{id}',
        'DELETE /api/admin/users/{id}',
        'POST /api/payment',
        'POST /api/orders/{id}/resume',
        'POST /api/orders/{id}/cancel',
        'GET /api/client/overview',
        'POST /api/client/projects/{id}/criteria',
        'PUT /api/client/documents/{kind}',
        'GET /api/client/proposals',
        'PUT /api/client/proposals/{proposalId}/answer',
        'GET /api/staff/routing',
        'PUT /api/staff/routing',
        'GET /api/staff/hunters/{hunterId}/availability',
        'PUT /api/staff/hunters/{hunterId}/availability',
        'GET /api/staff/claims',
        'POST /api/staff/claims/{recordType}/{recordId}',
        'GET /api/staff/notifications',
        'POST /api/staff/notifications/read',
        'GET /api/staff/buyers/{buyerId}/matches',
        'GET /api/staff/leads/{leadId}/matches',
        'POST /api/staff/buyers/{buyerId}/proposals',
        'POST /api/form-copies',
        'GET /api/form-copies/{token}',
        'PUT /api/form-copies/{token}',
        'POST /api/form-copies/{token}/email',
      ]),
    );
    for (const methods of Object.values(doc.paths))
      for (const operation of Object.values(methods))
        expect(operation.responses.default).toBeDefined();
    // The request bodies are the contracts' zod schemas as JSON Schema.
    const bodyOf = (path: string) =>
      doc.paths[path]?.post?.requestBody?.content['application/json']?.schema;
    const register = bodyOf('/api/register');
    expect(register?.type).toBe('object');
    expect(Object.keys(register?.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password', 'project']),
    );
    // Issue 33: a form's copy is its flow, step, answers and key (never a password field).
    expect(Object.keys(bodyOf('/api/form-copies')?.properties ?? {})).toEqual([
      'flow',
      'step',
      'answers',
      'idempotencyKey',
    ]);
    const contact = bodyOf('/api/contact');
    expect(contact?.properties?.brand).toMatchObject({ enum: ['main', 'homestylz'] });
    // The error shape, documented once.
    expect(Object.keys(doc.components.schemas.ApiError?.properties ?? {})).toEqual(
      expect.arrayContaining(['message', 'error']),
    );
  });
});
