import { useEffect, useRef, useState } from 'react';

interface Props {
  value: string;
  label: string;
  disabled?: boolean;
  onCommit(value: string): void;
}

/**
 * A native colour picker that reports once, when the user closes it: its 'input' events (React's
 * onChange) fire for every hue the user drags through, each of which would be saved to the server.
 */
export function ColorInput({ value, label, disabled, onCommit }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    const input = ref.current!;
    const onChange = () => {
      setDraft(null);
      commit.current(input.value);
    };
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, []);

  return (
    <input
      ref={ref}
      type="color"
      aria-label={label}
      disabled={disabled}
      value={draft ?? value}
      onChange={(event) => setDraft(event.target.value)}
      style={{ width: 28, height: 24, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
    />
  );
}
