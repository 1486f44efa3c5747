import { Alert, Box, Button } from '@mui/material';
import type { ReactElement } from 'react';
import { useRouteError } from 'react-router';
import { type ChunkLoadError, isChunkLoadError } from '../lib/chunk-load.ts';

/**
 * A chunk that did not arrive (spec §9): says so and offers a reload (a real page load: the browser keeps
 * a failed module import failed until then). As a route's error element it shows a chunk error thrown
 * while rendering (a React.lazy component) and hands any other error on to the next boundary up.
 */
export function ChunkLoadFailed({ error }: { error?: ChunkLoadError }) {
  const routeError = useRouteError();
  const failure = error ?? routeError;
  if (!isChunkLoadError(failure)) throw failure;
  return (
    <Box sx={{ mt: 6, px: 2, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        {failure.message}
      </Alert>
    </Box>
  );
}

/**
 * The rejection handler of a route's `lazy()`: a chunk that did not arrive becomes the route's element.
 * A rejected `lazy()` itself would leave the page blank: React Router (7.18) keeps such a route
 * pending and renders nothing below its parent, its error element included.
 */
export function chunkFailedRoute(error: unknown): { element: ReactElement } {
  if (isChunkLoadError(error)) return { element: <ChunkLoadFailed error={error} /> };
  throw error;
}
