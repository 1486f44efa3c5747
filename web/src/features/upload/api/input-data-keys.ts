/** Query keys of a case's uploads, shared by the upload box and the Jobs tab. */
export const inputDataKeys = {
  all: ['input-data'] as const,
  ofCase: (caseId: string) => [...inputDataKeys.all, 'case', caseId] as const,
};
