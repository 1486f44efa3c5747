import { routes, type Training } from '@cardiomap/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { userInfo } from '../../testing/user-info.ts';

setUpMockApi();

const training = (overrides: Partial<Training> = {}): Training => ({
  id: '33333333-3333-4333-8333-333333333333',
  interventionId: '44444444-4444-4444-8444-444444444444',
  interventionPrefix: 'TAVI',
  interventionName: 'Transcatheter Aortic Valve Implantation',
  title: 'Transcatheter Aortic Valve Implantation (TAVI) planning training',
  region: null,
  trainingRequired: true,
  userFollowedTraining: false,
  ...overrides,
});

const page = (results: Training[]) => ({ count: results.length, next: null, previous: null, results });

function signedIn() {
  tokenStore.save({ access: 'access' });
  server.use(apiHandler(routes.userInfo, () => HttpResponse.json(userInfo())));
}

describe('training page (spec §2 training/{interventionPrefix})', () => {
  it('shows the training and records its completion, then reloads the list', async () => {
    signedIn();
    let followed = false;
    const posted: string[] = [];
    server.use(
      apiHandler(routes.trainings, () => HttpResponse.json(page([training({ userFollowedTraining: followed })]))),
      apiHandler(routes.completeTraining, ({ params }) => {
        posted.push(String(params.trainingId));
        followed = true;
        return HttpResponse.json(training({ userFollowedTraining: true }), { status: 201 });
      }),
    );
    renderApp('/training/tavi');
    expect(await screen.findByRole('heading', { name: /TAVI\) planning training/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Training steps' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('CardioMap – TAVI training'));
    await userEvent.click(screen.getByRole('button', { name: 'I have completed this training' }));
    expect(await screen.findByTestId('training-completed')).toHaveTextContent('Completed');
    expect(await screen.findByText('Training completed')).toBeInTheDocument();
    expect(posted).toEqual([training().id]);
    expect(screen.queryByRole('button', { name: 'I have completed this training' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for an intervention without training', async () => {
    signedIn();
    server.use(apiHandler(routes.trainings, () => HttpResponse.json(page([training()]))));
    renderApp('/training/TMVR');
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
  });

  it('offers a retry when the trainings cannot be loaded', async () => {
    signedIn();
    let calls = 0;
    server.use(
      apiHandler(routes.trainings, () => {
        calls++;
        return calls <= 1
          ? HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 })
          : HttpResponse.json(page([training()]));
      }),
    );
    renderApp('/training/TAVI');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /planning training/ })).toBeInTheDocument();
  });

  it('shows an error toast when completing fails', async () => {
    signedIn();
    server.use(
      apiHandler(routes.trainings, () => HttpResponse.json(page([training()]))),
      apiHandler(routes.completeTraining, () => HttpResponse.error()),
    );
    renderApp('/training/TAVI');
    await userEvent.click(await screen.findByRole('button', { name: 'I have completed this training' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Lost connection to server. Please try again later.');
  });
});
