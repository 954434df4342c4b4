import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that reads a multipart upload itself (not a body its schema validates): the file
     * field it expects, documented as the request body.
     */
    uploadField?: string;
  }
}

/** The route schemas as OpenAPI, an upload route's multipart body included. */
const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const field = input.route?.config?.uploadField;
  if (!field || !output.schema) return output;
  return {
    ...output,
    schema: {
      ...output.schema,
      body: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary' } },
      },
    },
  };
};

/** OpenAPI generated from the route schemas: the document at /api/docs/json, the viewer at /api/docs. */
export default fp(
  async function docs(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${app.config.brandName} Academy API`,
          description:
            'Every call of the web app. Authenticated calls send `Authorization: Bearer <token>`.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
        security: [{ bearer: [] }],
      },
      transform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The viewer's own CSP replaces the app's strict one on its pages only.
      transformStaticCSP: (header) => header,
    });
  },
  { name: 'docs', dependencies: ['db'] },
);
