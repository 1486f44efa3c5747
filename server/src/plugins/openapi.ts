import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_INFO = {
  title: 'CardioMap API',
  version: '0.1.0',
  description: 'Planning of structural-heart interventions: cases, imaging, analyses and results.',
};

/** The OpenAPI document is generated from the contract schemas the routes are registered with. */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: OPENAPI_INFO,
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(scalar, { routePrefix: '/api/docs', configuration: { url: '/api/docs/openapi.json' } });
  },
  { name: 'openapi' },
);
