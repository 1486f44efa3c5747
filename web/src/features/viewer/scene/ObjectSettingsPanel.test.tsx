import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ObjectSettingsPanel } from './ObjectSettingsPanel.tsx';
import type { SettingsObject } from './ObjectSettingsRow.tsx';
import { sceneObject } from './testing/scene-fixtures.ts';

// MUI's first render and user-event typing are slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup();

function renderPanel(objects: SettingsObject[] = [sceneObject()]) {
  const onChange = vi.fn();
  render(<ObjectSettingsPanel objects={objects} onChange={onChange} />);
  return onChange;
}

describe('ObjectSettingsPanel', () => {
  it('lists the objects in object order', () => {
    renderPanel([
      sceneObject({ id: 'b', name: 'Valve', objectOrder: 2 }),
      sceneObject({ id: 'a', name: 'Aorta', objectOrder: 1 }),
    ]);
    const rows = within(screen.getByRole('list', { name: 'Object settings' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Aorta'),
      expect.stringContaining('Valve'),
    ]);
  });

  it('says so when the study has no 3D objects', () => {
    renderPanel([]);
    expect(screen.getByText('No 3D objects in this study yet.')).toBeInTheDocument();
  });

  it('toggles visibility', async () => {
    const onChange = renderPanel();
    await user.click(screen.getByRole('checkbox', { name: 'Show Aorta' }));
    expect(onChange).toHaveBeenCalledWith('aorta', { isVisible: false });
  });

  it('reports a colour once, when the picker is closed', () => {
    const onChange = renderPanel();
    const input = screen.getByLabelText('Colour of Aorta');
    fireEvent.input(input, { target: { value: '#00ff00' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '#00ff00' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('aorta', { color: '#00ff00' });
  });

  it('limits the opacity slider to maxOpacity and reports the committed value', async () => {
    const onChange = renderPanel([sceneObject({ opacity: 0.5, maxOpacity: 0.6 })]);
    const slider = screen.getByRole('slider', { name: 'Opacity of Aorta' });
    expect(slider).toHaveAttribute('aria-valuemax', '0.6');
    expect(slider).toHaveAttribute('aria-valuetext', '50 %');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledWith('aorta', { opacity: 0.51 });
  });

  it('opens More with double-sided, depth test, flat shading, lighting and render order', async () => {
    const onChange = renderPanel();
    const more = screen.getByRole('button', { name: 'More settings for Aorta' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('switch', { name: 'Flat shading' }));
    expect(onChange).toHaveBeenLastCalledWith('aorta', { hasFlatShadingEnabled: true });
    await user.click(screen.getByRole('switch', { name: 'Lighting' }));
    expect(onChange).toHaveBeenLastCalledWith('aorta', { isAffectedByLighting: false });
    await user.click(screen.getByRole('switch', { name: 'Double-sided' }));
    expect(onChange).toHaveBeenLastCalledWith('aorta', { isDoubleSided: true });
    await user.click(screen.getByRole('switch', { name: 'Depth test' }));
    expect(onChange).toHaveBeenLastCalledWith('aorta', { hasDepthTestEnabled: false });
  });

  it('hands on the render order on Enter, and not while it is invalid', async () => {
    const onChange = renderPanel();
    await user.click(screen.getByRole('button', { name: 'More settings for Aorta' }));
    const field = screen.getByRole('spinbutton', { name: 'Render order' });
    await user.clear(field);
    await user.type(field, '2.5{Enter}');
    expect(screen.getByText('A whole number from −1000 to 1000.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '-3{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('aorta', { renderOrder: -3 });
  });

  it('leaves only visibility to change on an object that is not editable', async () => {
    const onChange = renderPanel([sceneObject({ isEditable: false } as Partial<SettingsObject>)]);
    expect(screen.getByLabelText('Colour of Aorta')).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Opacity of Aorta' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Show Aorta' }));
    expect(onChange).toHaveBeenCalledWith('aorta', { isVisible: false });
  });
});
