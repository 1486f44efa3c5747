import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { gatedViewerLoadFixture, landmarkFixture } from '../testing/viewer-fixtures.ts';
import { LandmarkEditController } from './landmark-edit-controller.ts';
import { PhaseMoveDialog } from './PhaseMoveDialog.tsx';

vi.setConfig({ testTimeout: 30_000 });

const load = gatedViewerLoadFixture();
const [, systole, diastole] = load.phases;

function Asking({ controller }: { controller: LandmarkEditController }) {
  const editState = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return <PhaseMoveDialog context={{ edit: controller, editState, currentPhase: systole ?? null }} />;
}

describe('PhaseMoveDialog (issue 28)', () => {
  it('asks before moving a landmark of another phase; yes starts the move on the phase shown', async () => {
    const controller = new LandmarkEditController({ create: vi.fn(), patch: vi.fn() }, { canEdit: true });
    controller.setCurrentPhase(systole?.id ?? null);
    controller.setEditMode(true);
    render(<Asking controller={controller} />);
    const landmark = landmarkFixture({ canEdit: true, phaseId: diastole?.id ?? null, phaseLabel: '70 %' });
    act(() => controller.beginMove(landmark));
    const dialog = await screen.findByRole('dialog', { name: 'Move the landmark to this phase?' });
    expect(dialog).toHaveTextContent('Annulus was placed on cardiac phase 70 %');
    await userEvent.click(screen.getByRole('button', { name: 'Move to 40 %' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(controller.getSnapshot()).toMatchObject({ phase: 'placing', draft: { phaseId: systole?.id } });
  });
});
