import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { usersRoutes } from './routes.ts';
import { createUsersService } from './service.ts';

/** GET users/: the users a caller may pick (spec §2 "User autocomplete", §7). */
export const usersModule = fp(
  async function usersModule(app: FastifyInstance) {
    usersRoutes(app, createUsersService(app.database));
  },
  { name: 'users', dependencies: ['auth'] },
);
