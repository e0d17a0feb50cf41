// GET /api/openapi.json — the OpenAPI 3.1 document of every route.
import { json, route } from '@/lib/http';
import { openApiDocument } from '@/lib/openapi';

export const GET = route(async () => json(openApiDocument(), 200, { 'Cache-Control': 'public, max-age=300' }));
