import { SIZE_CHARTS, sizeDevice } from '@cardiomap/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SizingTable } from './SizingTable.tsx';

const chart = SIZE_CHARTS.find((candidate) => candidate.deviceId.endsWith('d002'))!;
const named = (value: number) => ({
  ...sizeDevice(chart, { areaDerivedDiameter: value }),
  landmarkId: null,
  deviceName: 'SAPIEN 3',
});

describe('SizingTable', () => {
  it('shows each size with its range and area oversizing, marking the one that fits', () => {
    render(<SizingTable sizings={[named(22)]} />);
    const table = screen.getByRole('table', { name: 'Sizing SAPIEN 3' });
    expect(screen.getByText('Within one size')).toBeInTheDocument();
    expect(screen.getByText('Annulus · Area-derived diameter: 22.0 mm')).toBeInTheDocument();
    expect(within(table).getByText('Oversizing (area)')).toBeInTheDocument();
    const row = within(table).getByText('23 mm ✓').closest('tr')!;
    expect(within(row).getByText('20.7–23.4')).toBeInTheDocument();
    // Balloon-expandable valves are sized by area: (23 / 22)² − 1 = +9.3 %.
    expect(within(row).getByText('+9.3 %')).toBeInTheDocument();
  });

  it("tells to confirm the ranges against the manufacturer's IFU, and which are only partly checked", () => {
    render(<SizingTable sizings={[named(22)]} />);
    expect(
      screen.getByText(/confirm every range against the manufacturer's current instructions for use/),
    ).toBeInTheDocument();
    expect(screen.getByText('Ranges only partly checked against published charts.')).toBeInTheDocument();
  });

  it('flags a measurement outside every size', () => {
    render(<SizingTable sizings={[named(30)]} />);
    expect(screen.getByText('Above every size')).toBeInTheDocument();
  });

  it('says so when no ordered device has a chart', () => {
    render(<SizingTable sizings={[]} />);
    expect(screen.getByText('No sizing chart for the ordered devices.')).toBeInTheDocument();
  });
});
