import { Box, LinearProgress } from '@mui/material';

/** LinearProgress's own height; the slot keeps it whether or not the bar shows. */
const BAR_HEIGHT = 4;

/**
 * A progress bar above a list that refetches. Its slot is always there, so the list does not jump by
 * the bar's height when a fetch starts or ends: a click aimed at a row button (a user's, or a test's)
 * lands where it was aimed.
 */
export function FetchingBar({ fetching, label }: { fetching: boolean; label: string }) {
  return <Box sx={{ height: BAR_HEIGHT }}>{fetching && <LinearProgress aria-label={label} />}</Box>;
}
