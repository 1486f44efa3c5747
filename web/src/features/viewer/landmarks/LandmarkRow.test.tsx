import { GeometryType } from '@cardiomap/contract';
import { List } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gatedViewerLoadFixture, landmarkFixture, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import type { ViewerContext } from '../viewer-context.ts';
import { LandmarkRow } from './LandmarkRow.tsx';

vi.setConfig({ testTimeout: 30_000 });

/** What a row reads of the page outside edit mode. */
const context = {
  load: viewerLoadFixture(),
  hiddenLandmarkIds: new Set<string>(),
  selectedLandmark: null,
  toggleLandmarkVisibility: () => undefined,
  selectLandmark: () => undefined,
  editState: { editMode: false, phase: 'idle', draft: null, error: null, phaseQuestion: null },
} as unknown as ViewerContext;

describe('LandmarkRow: cardiac phase (issue 28)', () => {
  it('names the phase a landmark was measured on in a gated study, and says when it was not recorded', () => {
    const gated = { ...context, load: gatedViewerLoadFixture() };
    render(
      <List>
        <LandmarkRow landmark={landmarkFixture({ phaseLabel: '40 %' })} context={gated} />
        <LandmarkRow landmark={landmarkFixture({ id: 'e1000000-0000-4000-8000-000000000002' })} context={gated} />
      </List>,
    );
    const [measured, older] = screen.getAllByRole('listitem');
    expect(measured).toHaveTextContent('Phase: 40 %');
    expect(older).toHaveTextContent('Phase: not recorded');
  });

  it('says no phase for a single-phase study', () => {
    render(
      <List>
        <LandmarkRow landmark={landmarkFixture({ phaseLabel: 'Single phase' })} context={context} />
      </List>,
    );
    expect(screen.getByRole('listitem')).not.toHaveTextContent('Phase:');
  });
});

describe('LandmarkRow (Details)', () => {
  it("lists an outline's measurements with how far its points lie from their plane", () => {
    const outline = landmarkFixture({
      name: 'Annulus',
      displayName: 'Annulus',
      geometryType: GeometryType.CLOSED_CURVE,
      measurements: { perimeter: 40.0123, area: 100.0456, largestDistanceFromPlane: 0.250618 },
    });
    render(
      <List>
        <LandmarkRow landmark={outline} context={context} />
      </List>,
    );
    expect(
      screen.getByText('Perimeter: 40.01 mm · Area: 100.05 mm² · Largest distance from plane: 0.25 mm'),
    ).toBeInTheDocument();
  });
});
