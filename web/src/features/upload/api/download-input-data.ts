import { routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';
import { MISSING_FILE } from '../upload-messages.ts';

/**
 * GET input-data/{id}/?download=true answers a fresh signed link (those listed expire after minutes):
 * the upload as sent for the clinicians of the case's organisation, its pseudonymised copy for staff.
 * The link itself names the file (Content-Disposition), so following it saves the file.
 */
export async function downloadInputData(id: string): Promise<void> {
  const inputData = await call(routes.getInputData, { params: { id }, query: { download: 'true' } });
  if (!inputData.readUrl) throw new Error(MISSING_FILE);
  const link = document.createElement('a');
  link.href = inputData.readUrl;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
