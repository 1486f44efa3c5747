import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { gatedViewerLoadFixture, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { PhaseSelector } from './PhaseSelector.tsx';
import { annulusPhaseNote, defaultViewerPhase } from './viewer-phases.ts';

// MUI's first render is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe('PhaseSelector (issue 28)', () => {
  it('is not shown for a single-phase study', () => {
    const load = viewerLoadFixture();
    render(<PhaseSelector phases={load.phases} current={defaultViewerPhase(load)} onSelect={() => undefined} />);
    expect(screen.queryByRole('combobox', { name: 'Cardiac phase' })).not.toBeInTheDocument();
  });

  it('opens on the default phase and chooses another with the keyboard only', async () => {
    const user = userEvent.setup();
    const load = gatedViewerLoadFixture();
    const onSelect = vi.fn();
    render(<PhaseSelector phases={load.phases} current={defaultViewerPhase(load)} onSelect={onSelect} />);
    const select = screen.getByRole('combobox', { name: 'Cardiac phase' });
    expect(select).toHaveTextContent('40 % (default)');
    await user.tab();
    expect(select).toHaveFocus();
    await user.keyboard('{Enter}');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['0 %', '40 % (default)', '70 %']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(load.phases[2]?.id);
  });
});

describe('annulusPhaseNote', () => {
  const load = gatedViewerLoadFixture();
  const [early, systole, diastole] = load.phases;

  it('notes an annulus on a diastolic phase or outside the systolic window, when a systolic one exists', () => {
    expect(annulusPhaseNote('Annulus', diastole ?? null, load.phases)).toMatch(/Systolic phase\(s\): 40 %/);
    expect(annulusPhaseNote('Aortic annulus', early ?? null, load.phases)).toMatch(/this is 0 %/);
  });

  it('says nothing on systole, for other landmarks, or without a systolic phase', () => {
    expect(annulusPhaseNote('Annulus', systole ?? null, load.phases)).toBeNull();
    expect(annulusPhaseNote('LVOT', diastole ?? null, load.phases)).toBeNull();
    const noSystole = load.phases.filter((phase) => phase !== systole);
    expect(annulusPhaseNote('Annulus', diastole ?? null, noSystole)).toBeNull();
  });
});
