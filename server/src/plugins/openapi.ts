import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
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

    // The reference page's bundle costs every process about 30 MB once loaded, and most never serve it:
    // it is loaded on the first visit, into an inner instance the docs routes forward to.
    let reference: Promise<FastifyInstance> | null = null;
    const loadReference = async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const inner = Fastify({ logger: false });
      await inner.register(scalar, { routePrefix: '/api/docs', configuration: { url: '/api/docs/openapi.json' } });
      await inner.ready();
      return inner;
    };
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      reference ??= loadReference();
      const answer = await (await reference).inject({ method: 'GET', url: request.url });
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && name !== 'content-length' && name !== 'connection') reply.header(name, value);
      }
      return reply.status(answer.statusCode).send(answer.rawPayload);
    };
    app.get('/api/docs', { schema: { hide: true } }, forward);
    app.get('/api/docs/*', { schema: { hide: true } }, forward);
    app.addHook('onClose', async () => {
      if (reference) await (await reference).close();
    });
  },
  { name: 'openapi' },
);
