/** What the contour toggle tells the user (issue 5 §4 contour toggle). */
export const CONTOUR_MESSAGES = {
  looking: 'Looking for the Atrium or Aorta result…',
  none: 'No Atrium or Aorta result for this study.',
  listFailed: 'The analysis results could not be listed, so the contour cannot be shown.',
  loading: 'Loading the contour…',
  show: (name: string) => `Show the outline of the ${name} result in each pane`,
  hide: (name: string) => `Hide the ${name} outline`,
} as const;
