export { healthRoutes, READINESS_PROBE_TIMEOUT_MS } from './routes.ts';
