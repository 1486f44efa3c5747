import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MprPaneOverlay } from './MprPaneOverlay.tsx';
import { EMPTY_READOUT } from './pane-readout.ts';

const overlay = (interpolated: boolean) =>
  render(
    <MprPaneOverlay
      pane="axial"
      readout={{ ...EMPTY_READOUT, sliceIndex: 4, sliceCount: 10, interpolated }}
      levels={{ windowCenter: 40, windowWidth: 400 }}
      pointer={null}
      landmarks={[]}
      maximised={false}
      onToggleMaximise={() => undefined}
    />,
  );

describe('MprPaneOverlay', () => {
  it('says "Interpolated slice" on a slice no image was acquired for', () => {
    overlay(true);
    expect(screen.getByTestId('mpr-axial-interpolated')).toHaveTextContent('Interpolated slice');
    expect(screen.getByText('Slice 5/10')).toBeInTheDocument();
  });

  it('says nothing of the kind on an acquired slice', () => {
    overlay(false);
    expect(screen.queryByText('Interpolated slice')).not.toBeInTheDocument();
  });
});
