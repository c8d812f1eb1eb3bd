import { createDocument } from 'zod-openapi';
import type { z } from 'zod';
import { ROUTE_REGISTRY } from './route';

/**
 * The OpenAPI 3.1 document of every route registered with `defineRoute` (schemas from api/contract).
 */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTE_REGISTRY) {
    const path = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const responses = Object.fromEntries(
      Object.entries(r.responses).map(([status, res]) => [
        status,
        res.schema ? { description: res.description, content: { 'application/json': { schema: res.schema } } } : { description: res.description },
      ]),
    );
    (paths[path] ??= {})[r.method] = {
      summary: r.summary,
      tags: r.tags,
      requestParams: {
        ...(r.query ? { query: r.query as z.ZodObject } : {}),
        ...(r.params ? { path: r.params as z.ZodObject } : {}),
      },
      ...(r.body ? { requestBody: { content: { 'application/json': { schema: r.body } } } } : {}),
      responses,
    };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Vinpressen API',
      version,
      description:
        'Public, account, admin and partner endpoints of Vinpressen. Errors always have the shape {"error": {"code", "message", "details"?}}.',
    },
    paths: paths as Parameters<typeof createDocument>[0]['paths'],
  });
}
