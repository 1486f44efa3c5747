import { routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';

/**
 * GET job-resources/?job_id=&download=true answers the whole report as CSV. It needs the bearer token,
 * so a plain link cannot fetch it: the text is fetched through the client and saved from a blob.
 */
export async function downloadJobReport(jobId: string): Promise<void> {
  const csv = (await call(routes.listJobResources, { query: { job_id: jobId, download: 'true' } })) as unknown;
  const blob = new Blob([typeof csv === 'string' ? csv : JSON.stringify(csv)], { type: 'text/csv' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `job-${jobId}-report.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
