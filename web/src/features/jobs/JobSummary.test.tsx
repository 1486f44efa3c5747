import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobSummary } from './JobSummary.tsx';

const summary = { filesTotal: 0, filesUsed: 0, filesSetAside: 0, outcome: null, reasons: [], warnings: [] };

describe('JobSummary', () => {
  it('counts files for a job that read an upload', () => {
    render(
      <JobSummary summary={{ ...summary, filesTotal: 10, filesUsed: 9, filesSetAside: 1, outcome: 'Volume ready' }} />,
    );
    expect(screen.getByRole('group', { name: 'Summary' })).toHaveTextContent(
      '9 of 10 files used, 1 set aside — Volume ready',
    );
  });

  it('shows only the outcome of a job that read no files (the surface model after ingest)', () => {
    render(<JobSummary summary={{ ...summary, outcome: 'ready' }} />);
    const group = screen.getByRole('group', { name: 'Summary' });
    expect(group).toHaveTextContent(/^Ready$/);
    expect(group).not.toHaveTextContent('files used');
  });

  it.each([
    ['nothing-delivered', 'No report: nothing is delivered'],
    ['generated', 'Report generated'],
    ['unchanged', 'The report is up to date'],
    ['no-contrast', 'No model: no contrast-filled left heart found'],
    ['skipped', 'Skipped: the case was closed'],
  ])('words the recorded outcome %s, never the machine value (issue 30)', (outcome, words) => {
    render(<JobSummary summary={{ ...summary, outcome }} />);
    expect(screen.getByRole('group', { name: 'Summary' })).toHaveTextContent(new RegExp(`^${words}$`));
  });

  it('shows an outcome it has no words for as it is', () => {
    render(<JobSummary summary={{ ...summary, outcome: 'Volume ready' }} />);
    expect(screen.getByRole('group', { name: 'Summary' })).toHaveTextContent(/^Volume ready$/);
  });

  it('says so while a job has no outcome yet', () => {
    render(<JobSummary summary={summary} />);
    expect(screen.getByRole('group', { name: 'Summary' })).toHaveTextContent('No outcome yet');
  });
});
