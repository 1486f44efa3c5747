import { routes, type TrainingRecord } from '@cardiomap/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderInApp, signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { TrainingRecordsPanel } from './TrainingRecordsPanel.tsx';

setUpMockApi();

const USER_ID = '99999999-9999-4999-8999-999999999999';
const record: TrainingRecord = {
  trainingId: '33333333-3333-4333-8333-333333333333',
  userId: USER_ID,
  title: 'TAVI planning training',
  interventionPrefix: 'TAVI',
  interventionName: 'Transcatheter Aortic Valve Implantation',
  region: null,
  dateCompleted: '2026-03-04T10:00:00.000Z',
};
const page = (results: TrainingRecord[]) => ({ count: results.length, next: null, previous: null, results });

describe('TrainingRecordsPanel (admin user screen)', () => {
  it("lists the user's completed trainings, asking for that user", async () => {
    signInAs({ canEditUsersAndOrganisations: true });
    const asked: (string | null)[] = [];
    server.use(
      apiHandler(routes.trainingRecords, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('user_id'));
        return HttpResponse.json(page([record]));
      }),
    );
    renderInApp(<TrainingRecordsPanel userId={USER_ID} />);
    const table = await screen.findByRole('table', { name: 'Completed trainings' });
    const row = within(table).getByRole('row', { name: /TAVI planning training/ });
    expect(row).toHaveTextContent('All regions');
    expect(within(row).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-03-04T10:00:00.000Z',
    );
    expect(asked).toEqual([USER_ID]);
  });

  it('says when the user completed none', async () => {
    signInAs({ canEditUsersAndOrganisations: true });
    server.use(apiHandler(routes.trainingRecords, () => HttpResponse.json(page([]))));
    renderInApp(<TrainingRecordsPanel userId={USER_ID} />);
    expect(await screen.findByText('No training completed yet.')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    signInAs({ canEditUsersAndOrganisations: true });
    let fail = true;
    server.use(
      apiHandler(routes.trainingRecords, () =>
        fail
          ? HttpResponse.json({ detail: 'x', code: 'server_error' }, { status: 500 })
          : HttpResponse.json(page([record])),
      ),
    );
    renderInApp(<TrainingRecordsPanel userId={USER_ID} />);
    // A 5xx is retried twice with back-off before the panel gives up.
    expect(
      await screen.findByText('The training records could not be loaded.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Completed trainings' })).toBeInTheDocument();
  }, 15_000);
});
